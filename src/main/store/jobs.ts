import { PATH_USAGE_NAMED } from '../../shared/contract/vector-fs-browse'
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

/** The library paths a scope names ('/a/b'), kept beside it so a path's users are found by an index. */
export interface ScopePaths {
  readonly folders: readonly string[]
  readonly items: readonly string[]
}

/** A scope that names no library path. */
export const NO_SCOPE_PATHS: ScopePaths = { folders: [], items: [] }

/** The jobs whose scope takes in a library path, and the newest few of them (see pathUsage). */
export interface PathUsage {
  readonly jobs: number
  readonly recent: { readonly inbox_id: string; readonly custom_name: string; readonly is_hidden: boolean }[]
}

export interface NewJob {
  readonly jobId: string
  readonly providerId: string
  readonly scopeJson: string
  readonly scopePaths: ScopePaths
  readonly configJson: string
  readonly associatedUiJson: string | null
  readonly isHidden: boolean
  readonly inboxId: string
  readonly customName: string
  readonly now: string
}

interface PathQuery {
  readonly path: string
  /** 1: the path is a folder's (taken in by a folder entry of it, and by any entry under it); 0: a file's (by a file entry of it). */
  readonly isFolder: 0 | 1
  readonly below: string
  readonly beyond: string
  /** JSON array of the folders holding the path, the root ('/') first. */
  readonly ancestors: string
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
  const dropPaths = db.prepare(`DELETE FROM job_scope_refs WHERE job_id = ?`)
  const addPath = db.prepare(`INSERT OR IGNORE INTO job_scope_refs (path, is_folder, job_id) VALUES (?, ?, ?)`)
  // In one Unicode form (NFC), as pathUsage asks: the library takes é composed and decomposed as one name.
  const writePaths = (jobId: string, paths: ScopePaths) => {
    dropPaths.run(jobId)
    for (const path of paths.items) addPath.run(path.normalize('NFC'), 0, jobId)
    for (const path of paths.folders) addPath.run(path.normalize('NFC'), 1, jobId)
  }
  // The jobs whose scope names the path itself as what it is (a folder entry for a folder, a file entry for a
  // file), anything under it (a folder's), or a folder holding it. A file entry takes in that file alone: one
  // whose path is a folder's now (a file of that name was there once) takes in nothing of the folder, and a
  // folder entry whose path is a file's (or under it) nothing of the file. Each part is a seek in the refs' primary key.
  const usersOf = `SELECT job_id FROM job_scope_refs WHERE path = @path AND is_folder = @isFolder
     UNION SELECT job_id FROM job_scope_refs WHERE @isFolder = 1 AND path >= @below AND path < @beyond
     UNION SELECT r.job_id FROM json_each(@ancestors) a JOIN job_scope_refs r ON r.path = a.value AND r.is_folder = 1`
  // Rows of removed jobs go with them (job-removals.ts): the count needs no join.
  const usersCount = db.prepare<[PathQuery], number>(`SELECT count(*) FROM (${usersOf})`).pluck()
  // The newest five found first, then their inboxes: five joins, not one per user (50,000 users: 40 ms, not 55).
  const usersRecent = db.prepare<[PathQuery], { inbox_id: string; custom_name: string; is_hidden: number }>(
    `SELECT i.id AS inbox_id, i.custom_name, i.is_hidden
     FROM (SELECT j.id, j.seq FROM (${usersOf}) u JOIN jobs j ON j.id = u.job_id ORDER BY j.seq DESC LIMIT ${PATH_USAGE_NAMED}) t
     JOIN inboxes i ON i.job_id = t.id ORDER BY t.seq DESC`
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
      writePaths(job.jobId, job.scopePaths)
      insertInbox.run(row)
    }),
    get: (id: string) => get.get(id),
    scope: (id: string) => scope.get(id),
    scopeVersion: (id: string) => scopeVersion.get(id),
    updateScope: db.transaction((id: string, scopeJson: string, paths: ScopePaths): boolean => {
      if (updateScope.run(scopeJson, id).changes !== 1) return false
      writePaths(id, paths)
      return true
    }),
    /** The jobs whose scope takes in the library's file or folder at `segments` (hidden ones too), newest first. */
    pathUsage: db.transaction((spelled: readonly string[], kind: 'file' | 'folder'): PathUsage => {
      const segments = spelled.map((s) => s.normalize('NFC'))
      const path = '/' + segments.join('/')
      const ancestors = segments.map((_, i) => '/' + segments.slice(0, i).join('/'))
      // '0' follows '/': every path that starts with path + '/'.
      const query: PathQuery = {
        path,
        isFolder: kind === 'folder' ? 1 : 0,
        below: `${path}/`,
        beyond: `${path}0`,
        ancestors: JSON.stringify(ancestors)
      }
      const recent = usersRecent.all(query).map((r) => ({ inbox_id: r.inbox_id, custom_name: r.custom_name, is_hidden: r.is_hidden === 1 }))
      return { jobs: usersCount.get(query)!, recent }
    }),
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
