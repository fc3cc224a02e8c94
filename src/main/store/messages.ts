import type { Db } from './db'

export interface ChainTip {
  /** node_message_hash of the inbox's newest message, '' when it has none. */
  readonly hash: string
  readonly timestamp: string | null
}

export interface BuiltMessage {
  readonly hash: string
  readonly timestamp: string
  readonly json: string
}

export function messagesRepo(db: Db) {
  const tip = db.prepare<[string], { last_hash: string; last_timestamp: string | null; name_is_default: number }>(
    `SELECT last_hash, last_timestamp, name_is_default FROM inboxes WHERE id = ?`
  )
  const insert = db.prepare(
    `INSERT INTO messages (inbox_id, hash, node_timestamp, message_json) VALUES (?, ?, ?, ?)`
  )
  const setLast = db.prepare(
    `UPDATE inboxes SET last_message_json = ?, last_hash = ?, last_timestamp = ?, activity = ? WHERE id = ?`
  )
  const renameDefault = db.prepare(
    `UPDATE inboxes SET custom_name = ?, name_is_default = 0 WHERE id = ? AND name_is_default = 1`
  )
  const newest = db.prepare<[string, number], { message_json: string }>(
    `SELECT message_json FROM messages WHERE inbox_id = ? ORDER BY seq DESC LIMIT ?`
  )
  const seqOf = db.prepare<[string, string], { seq: number }>(
    `SELECT seq FROM messages WHERE inbox_id = ? AND hash = ?`
  )
  const before = db.prepare<[string, number, number], { message_json: string }>(
    `SELECT message_json FROM messages WHERE inbox_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`
  )

  return {
    /**
     * Appends the message `build` makes from the chain's tip, and makes it the inbox's
     * last message, in one transaction. `firstLineName` renames an inbox whose name is still
     * the default. Returns undefined when the inbox does not exist.
     */
    append: db.transaction(
      (inboxId: string, build: (tip: ChainTip) => BuiltMessage, firstLineName?: string): BuiltMessage | undefined => {
        const row = tip.get(inboxId)
        if (!row) return undefined
        const msg = build({ hash: row.last_hash, timestamp: row.last_timestamp })
        insert.run(inboxId, msg.hash, msg.timestamp, msg.json)
        setLast.run(msg.json, msg.hash, msg.timestamp, msg.timestamp, inboxId)
        if (firstLineName && row.name_is_default) renameDefault.run(firstLineName, inboxId)
        return msg
      }
    ),
    /** Up to `limit` message JSONs, oldest first, ending at the newest or just before `beforeHash`. */
    page(inboxId: string, limit: number, beforeHash?: string): string[] | undefined {
      let rows: { message_json: string }[]
      if (beforeHash) {
        const anchor = seqOf.get(inboxId, beforeHash)
        if (!anchor) return undefined
        rows = before.all(inboxId, anchor.seq, limit)
      } else {
        rows = newest.all(inboxId, limit)
      }
      return rows.reverse().map((r) => r.message_json)
    }
  }
}
export type MessagesRepo = ReturnType<typeof messagesRepo>
