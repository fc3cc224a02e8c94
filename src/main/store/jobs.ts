import type { Db } from './db'

export interface JobRow {
  readonly id: string
  readonly provider_id: string
  readonly config_json: string
  readonly is_hidden: number
  readonly inbox_id: string
}

/** A job's scope, with the version that changes on every write (a cache key for what is derived from it). */
export interface ScopeRow {
  readonly version: number
  readonly scope_json: string
}

export interface NewJob {
  readonly jobId: string
  readonly providerId: string
  readonly scopeJson: string
  readonly configJson: string
  readonly associatedUiJson: string | null
  readonly isHidden: boolean
  readonly inboxId: string
  readonly customName: string
  readonly now: string
}

export function jobsRepo(db: Db) {
  const insertJob = db.prepare(
    `INSERT INTO jobs (id, provider_id, config_json, associated_ui_json, is_hidden, created_at)
     VALUES (@jobId, @providerId, @configJson, @associatedUiJson, @hidden, @now)`
  )
  const insertScope = db.prepare(`INSERT INTO job_scopes (job_id, scope_json) VALUES (@jobId, @scopeJson)`)
  const insertInbox = db.prepare(
    `INSERT INTO inboxes (id, job_id, custom_name, name_is_default, datetime_created, activity, is_hidden)
     VALUES (@inboxId, @jobId, @customName, 1, @now, @now, @hidden)`
  )
  const get = db.prepare<[string], JobRow>(
    `SELECT j.id, j.provider_id, j.config_json, j.is_hidden, i.id AS inbox_id
     FROM jobs j JOIN inboxes i ON i.job_id = j.id WHERE j.id = ?`
  )
  // Through the job: a removed job's scope is deleted after it, in the last slice of its removal (job-removals.ts).
  const scope = db.prepare<[string], ScopeRow>(
    `SELECT s.version, s.scope_json FROM job_scopes s JOIN jobs j ON j.id = s.job_id WHERE s.job_id = ?`
  )
  const scopeVersion = db
    .prepare<[string], number>(`SELECT s.version FROM job_scopes s JOIN jobs j ON j.id = s.job_id WHERE s.job_id = ?`)
    .pluck()
  const updateScope = db.prepare(
    `UPDATE job_scopes SET scope_json = ?, version = version + 1 WHERE job_id = ? AND EXISTS (SELECT 1 FROM jobs j WHERE j.id = job_scopes.job_id)`
  )
  const changeProvider = db.prepare(`UPDATE jobs SET provider_id = ? WHERE id = ?`)
  const updateConfig = db.prepare(`UPDATE jobs SET config_json = ? WHERE id = ?`)
  const setJobHidden = db.prepare(`UPDATE jobs SET is_hidden = ? WHERE id = ?`)
  const setInboxHidden = db.prepare(`UPDATE inboxes SET is_hidden = ? WHERE job_id = ?`)
  return {
    /** The job, its scope and its inbox, in one transaction. */
    create: db.transaction((job: NewJob): void => {
      const row = { ...job, hidden: job.isHidden ? 1 : 0 }
      insertJob.run(row)
      insertScope.run(row)
      insertInbox.run(row)
    }),
    get: (id: string) => get.get(id),
    scope: (id: string) => scope.get(id),
    scopeVersion: (id: string) => scopeVersion.get(id),
    updateScope: (id: string, scopeJson: string) => updateScope.run(scopeJson, id).changes === 1,
    changeProvider: (id: string, providerId: string) => changeProvider.run(providerId, id).changes === 1,
    updateConfig: (id: string, configJson: string) => updateConfig.run(configJson, id).changes === 1,
    /** Hides or shows the job's inbox; false when there is no such job. */
    setHidden: db.transaction((id: string, hidden: boolean): boolean => {
      if (setJobHidden.run(hidden ? 1 : 0, id).changes !== 1) return false
      setInboxHidden.run(hidden ? 1 : 0, id)
      return true
    })
  }
}
export type JobsRepo = ReturnType<typeof jobsRepo>
