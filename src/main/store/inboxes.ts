import type { Db } from './db'

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
  // the last message is a column of the inbox: no per-inbox subquery. Each row's Inbox JSON is
  // assembled by SQLite from the stored fragments and handed over as UTF-8 bytes, so 10,000
  // inboxes are never decoded into JS strings and encoded back.
  const listSql = (hiddenFilter: string, scopeColumn: string) =>
    db
      .prepare<[], Buffer>(
        `SELECT CAST('{"custom_name":' || json_quote(i.custom_name)
           || ',"datetime_created":' || json_quote(i.datetime_created)
           || ',"inbox_id":' || json_quote(i.id)
           || ',"is_finished":' || iif(i.is_finished, 'true', 'false')
           || ',"agent":' || p.agent_json
           || ',"job_config":' || j.config_json
           || ',"job_scope":' || ${scopeColumn}
           || ',"last_message":' || coalesce(i.last_message_json, 'null') || '}' AS BLOB)
         FROM inboxes i INDEXED BY inboxes_activity
         JOIN jobs j ON j.id = i.job_id
         JOIN providers p ON p.id = j.provider_id
         ${hiddenFilter}
         ORDER BY i.activity DESC, i.seq DESC`
      )
      .pluck()
  const lists = {
    all: listSql('', 'j.scope_json'),
    visible: listSql('WHERE i.is_hidden = 0', 'j.scope_json'),
    allNoScope: listSql('', "'null'"),
    visibleNoScope: listSql('WHERE i.is_hidden = 0', "'null'")
  }
  const get = db.prepare<[string], InboxRow>(
    `SELECT id, job_id, custom_name, name_is_default, last_hash, last_timestamp FROM inboxes WHERE id = ?`
  )
  const rename = db.prepare(`UPDATE inboxes SET custom_name = ?, name_is_default = 0 WHERE id = ?`)

  return {
    /** The Inbox JSON of each inbox, newest activity first. */
    listJson: (showHidden: boolean, withScope = true) =>
      (withScope ? (showHidden ? lists.all : lists.visible) : showHidden ? lists.allNoScope : lists.visibleNoScope).all(),
    get: (id: string) => get.get(id),
    rename: (id: string, name: string) => rename.run(name, id).changes === 1
  }
}
export type InboxesRepo = ReturnType<typeof inboxesRepo>
