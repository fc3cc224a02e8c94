import type { Db } from './db'

/** One all_inboxes row: scalar fields plus JSON fragments kept ready to splice. */
export type InboxListRow = [
  id: string,
  custom_name: string,
  datetime_created: string,
  is_finished: number,
  agent_json: string,
  config_json: string,
  scope_json: string,
  last_message_json: string | null
]

export interface InboxRow {
  readonly id: string
  readonly job_id: string
  readonly custom_name: string
  readonly name_is_default: number
  readonly last_hash: string
  readonly last_timestamp: string | null
}

export function inboxesRepo(db: Db) {
  // One pass over the activity index; jobs and providers are joined by their unique keys,
  // the last message is a column of the inbox: no per-inbox subquery.
  const listSql = (hiddenFilter: string) =>
    db
      .prepare<[], InboxListRow>(
        `SELECT i.id, i.custom_name, i.datetime_created, i.is_finished, p.agent_json, j.config_json,
                j.scope_json, i.last_message_json
         FROM inboxes i INDEXED BY inboxes_activity
         JOIN jobs j ON j.id = i.job_id
         JOIN providers p ON p.id = j.provider_id
         ${hiddenFilter}
         ORDER BY i.activity DESC, i.seq DESC`
      )
      .raw(true)
  const listAll = listSql('')
  const listVisible = listSql('WHERE i.is_hidden = 0')
  const get = db.prepare<[string], InboxRow>(
    `SELECT id, job_id, custom_name, name_is_default, last_hash, last_timestamp FROM inboxes WHERE id = ?`
  )
  const rename = db.prepare(`UPDATE inboxes SET custom_name = ?, name_is_default = 0 WHERE id = ?`)

  return {
    list: (showHidden: boolean) => (showHidden ? listAll : listVisible).all(),
    get: (id: string) => get.get(id),
    rename: (id: string, name: string) => rename.run(name, id).changes === 1
  }
}
export type InboxesRepo = ReturnType<typeof inboxesRepo>
