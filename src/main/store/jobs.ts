import type { Db } from './db'

export interface JobRow {
  readonly id: string
  readonly provider_id: string
  readonly scope_json: string
  readonly config_json: string
  readonly is_hidden: number
  readonly inbox_id: string
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
    `INSERT INTO jobs (id, provider_id, scope_json, config_json, associated_ui_json, is_hidden, created_at)
     VALUES (@jobId, @providerId, @scopeJson, @configJson, @associatedUiJson, @hidden, @now)`
  )
  const insertInbox = db.prepare(
    `INSERT INTO inboxes (id, job_id, custom_name, name_is_default, datetime_created, activity, is_hidden)
     VALUES (@inboxId, @jobId, @customName, 1, @now, @now, @hidden)`
  )
  const get = db.prepare<[string], JobRow>(
    `SELECT j.id, j.provider_id, j.scope_json, j.config_json, j.is_hidden, i.id AS inbox_id
     FROM jobs j JOIN inboxes i ON i.job_id = j.id WHERE j.id = ?`
  )
  const updateScope = db.prepare(`UPDATE jobs SET scope_json = ? WHERE id = ?`)
  const changeProvider = db.prepare(`UPDATE jobs SET provider_id = ? WHERE id = ?`)
  const updateConfig = db.prepare(`UPDATE jobs SET config_json = ? WHERE id = ?`)

  return {
    /** The job and its inbox, in one transaction. */
    create: db.transaction((job: NewJob): void => {
      const row = { ...job, hidden: job.isHidden ? 1 : 0 }
      insertJob.run(row)
      insertInbox.run(row)
    }),
    get: (id: string) => get.get(id),
    updateScope: (id: string, scopeJson: string) => updateScope.run(scopeJson, id).changes === 1,
    changeProvider: (id: string, providerId: string) => changeProvider.run(providerId, id).changes === 1,
    updateConfig: (id: string, configJson: string) => updateConfig.run(configJson, id).changes === 1
  }
}
export type JobsRepo = ReturnType<typeof jobsRepo>
