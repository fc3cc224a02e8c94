import type { MessageRole } from '../../shared/message-role'
import type { Db } from './db'
import { limitedStatements } from './limited-statements'
import { parsedMessages } from './parsed-messages'

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

export interface AppendOptions {
  /** Renames an inbox whose name is still the default. */
  readonly firstLineName?: string
  /** The message waits for an answer from the job's provider (the runtime's queue). */
  readonly needsAnswer?: boolean
  /** The question this message answers: its needs_answer flag is cleared in the same transaction. */
  readonly answers?: string
}

/** A stored message as the store reads it back: the parts it relies on typed, the rest as stored. */
export interface StoredMessage {
  readonly job_message: { readonly parent?: unknown; readonly [key: string]: unknown }
  readonly [key: string]: unknown
}

export interface PendingQuestion {
  readonly seq: number
  readonly inbox_id: string
  readonly hash: string
  readonly message_json: string
  /** Its place in the queue (coalesce(queued, seq)): the same question at a new place was answered, and is owed another answer. */
  readonly place: number
}

export function messagesRepo(db: Db) {
  const tip = db.prepare<[string], { last_hash: string; last_timestamp: string | null; name_is_default: number }>(
    `SELECT last_hash, last_timestamp, name_is_default FROM inboxes WHERE id = ?`
  )
  const insert = db.prepare(
    `INSERT INTO messages (inbox_id, hash, node_timestamp, message_json, needs_answer, role) VALUES (?, ?, ?, ?, ?, ?)`
  )
  const setLast = db.prepare(`UPDATE inboxes SET last_message_json = ?, last_hash = ?, last_timestamp = ?, activity = ? WHERE id = ?`)
  const renameDefault = db.prepare(`UPDATE inboxes SET custom_name = ?, name_is_default = 0 WHERE id = ? AND name_is_default = 1`)
  // A retry asked for while its question still waited (or was being answered) is an answer owed, kept
  // in answer_retries at the place it was asked (migration 17): each retry gets its own answer, in order.
  const owedRetry = db.prepare<[string, string], { place: number; seq: number }>(
    `SELECT r.place, m.seq FROM messages m JOIN answer_retries r ON r.message_seq = m.seq
     WHERE m.inbox_id = ? AND m.hash = ? ORDER BY r.place LIMIT 1`
  )
  const payRetry = db.prepare(`DELETE FROM answer_retries WHERE place = ?`)
  const placeAt = db.prepare(`UPDATE messages SET queued = ? WHERE seq = ?`)
  const unqueue = db.prepare(`UPDATE messages SET needs_answer = 0 WHERE inbox_id = ? AND hash = ?`)
  /** An answer stored: the question leaves the queue, or waits again at the place of the next retry owed. */
  const answered = (inboxId: string, hash: string) => {
    const owed = owedRetry.get(inboxId, hash)
    if (!owed) return unqueue.run(inboxId, hash)
    payRetry.run(owed.place)
    return placeAt.run(owed.place, owed.seq)
  }
  const dropRetries = db.prepare(
    `DELETE FROM answer_retries WHERE message_seq = (SELECT seq FROM messages WHERE inbox_id = ? AND hash = ?)`
  )
  // Limits are written into the SQL, a statement per value (see limited-statements.ts).
  const seqOfSql = `SELECT seq FROM messages WHERE inbox_id = ? AND hash = ?`
  const seqOf = db.prepare<[string, string], { seq: number }>(seqOfSql)
  // The replies stored after a question that answer it or a question before it (a regenerated answer
  // comes after later questions) belong to its conversation, not the questions queued after it nor the
  // replies to those. Newest first, a page at a time; each reply's parent is read from its parsed message.
  const repliesAfter = limitedStatements((limit) =>
    db
      .prepare<[string, number, number], number>(
        `SELECT seq FROM messages WHERE inbox_id = ? AND seq > ? AND seq < ? AND role <> 'operator' ORDER BY seq DESC LIMIT ${limit}`
      )
      .pluck()
  )
  // Everything up to the question, newest first, a page at a time: read with all() (one call into SQLite
  // a page instead of one a row), yet never the whole of a long conversation when the prompt needs its end.
  const upTo = limitedStatements((limit) =>
    db
      .prepare<[string, number], number>(`SELECT seq FROM messages WHERE inbox_id = ? AND seq <= ? ORDER BY seq DESC LIMIT ${limit}`)
      .pluck()
  )
  // Both read the JSON only of messages not parsed yet.
  const jsonAt = db.prepare<[number], string>(`SELECT message_json FROM messages WHERE seq = ?`).pluck()
  const parsed = parsedMessages()
  const parsedAt = (seq: number) => parsed.get(seq, () => jsonAt.get(seq)) as StoredMessage | undefined
  // Inside a transaction a row may still be rolled back, and its seq then given to another message:
  // only committed rows are kept.
  const parsedFresh = (seq: number) => {
    const json = jsonAt.get(seq)
    return json === undefined ? undefined : (JSON.parse(json) as StoredMessage)
  }
  /** Seqs in pages of 32, then 64, up to 512, newest first, from `page(before, size)`. */
  function* pages(page: (before: number, size: number) => number[], before: number): Generator<number> {
    for (let size = 32; ; size = Math.min(size * 2, 512)) {
      const seqs = page(before, size)
      yield* seqs
      if (seqs.length < size) return
      before = seqs[seqs.length - 1]!
    }
  }
  const nextPending = db.prepare<[string], PendingQuestion>(
    // In the order the questions were queued: sent (seq), or asked again (queued).
    `SELECT seq, inbox_id, hash, message_json, coalesce(queued, seq) AS place FROM messages WHERE inbox_id = ? AND needs_answer = 1
     ORDER BY coalesce(queued, seq) LIMIT 1`
  )
  const byHash = db.prepare<[string, string], { seq: number; message_json: string }>(
    `SELECT seq, message_json FROM messages WHERE inbox_id = ? AND hash = ?`
  )
  // Behind every question waiting now and before every one sent later: the next number of the messages'
  // own sequence, taken (so no message gets it). A question still waiting keeps its place, and is owed one answer more.
  const takeSeq = db.prepare(`UPDATE sqlite_sequence SET seq = seq + 1 WHERE name = 'messages'`)
  const requeueOne = db.prepare(
    `UPDATE messages SET queued = (SELECT seq FROM sqlite_sequence WHERE name = 'messages'), needs_answer = 1
     WHERE inbox_id = ? AND hash = ? AND needs_answer = 0`
  )
  const owe = db.prepare(
    `INSERT INTO answer_retries (place, message_seq)
     SELECT (SELECT seq FROM sqlite_sequence WHERE name = 'messages'), seq FROM messages WHERE inbox_id = ? AND hash = ?`
  )
  const requeue = db.transaction((inboxId: string, hash: string) => {
    takeSeq.run()
    return requeueOne.run(inboxId, hash).changes === 1 || owe.run(inboxId, hash).changes === 1
  })
  const allSql = `SELECT message_json FROM messages WHERE inbox_id = ? ORDER BY seq`
  const pendingInboxes = db.prepare<[], string>(`SELECT DISTINCT inbox_id FROM messages WHERE needs_answer = 1`).pluck()
  // Walks the partial index in inbox order, so a page costs its own rows, however long the queue.
  const pendingPage = limitedStatements((limit) =>
    db.prepare<[string], { inbox_id: string; provider_id: string | null }>(
      `SELECT q.inbox_id, j.provider_id
     FROM (SELECT DISTINCT inbox_id FROM messages WHERE needs_answer = 1 AND inbox_id > ? ORDER BY inbox_id LIMIT ${limit}) q
     LEFT JOIN inboxes i ON i.id = q.inbox_id LEFT JOIN jobs j ON j.id = i.job_id
     ORDER BY q.inbox_id`
    )
  )
  const providerOf = db
    .prepare<[string], string>(`SELECT j.provider_id FROM inboxes i JOIN jobs j ON j.id = i.job_id WHERE i.id = ?`)
    .pluck()

  /**
   * Appends the message `build` makes from the chain's tip and makes it the inbox's last
   * message, in one transaction (the caller's when there is one: a savepoint of its own would make
   * FTS5 write out its pending terms). Returns undefined when the inbox does not exist.
   */
  const appendIn = (
    inboxId: string,
    role: MessageRole,
    build: (tip: ChainTip) => BuiltMessage,
    options: AppendOptions = {}
  ): BuiltMessage | undefined => {
    const row = tip.get(inboxId)
    if (!row) return undefined
    const msg = build({ hash: row.last_hash, timestamp: row.last_timestamp })
    insert.run(inboxId, msg.hash, msg.timestamp, msg.json, options.needsAnswer ? 1 : 0, role)
    setLast.run(msg.json, msg.hash, msg.timestamp, msg.timestamp, inboxId)
    if (options.firstLineName && row.name_is_default) renameDefault.run(options.firstLineName, inboxId)
    if (options.answers) answered(inboxId, options.answers)
    return msg
  }
  const appendTx = db.transaction(appendIn)

  return {
    /**
     * Appends the message `build` makes from the chain's tip and makes it the inbox's last
     * message, in one transaction. Returns undefined when the inbox does not exist.
     */
    append: (inboxId: string, role: MessageRole, build: (tip: ChainTip) => BuiltMessage, options: AppendOptions = {}) =>
      db.inTransaction ? appendIn(inboxId, role, build, options) : appendTx(inboxId, role, build, options),
    /**
     * Up to `limit` messages, oldest first, ending at the newest or just before `beforeHash`, as the
     * pieces of one JSON array: a message at a time, read on the caller's connection (a reader) in one
     * snapshot. Answers `[]` when the inbox has no message `beforeHash`. The page was built whole: 400
     * messages of 1 MB held the node 6.3 s and as much memory again.
     */
    *pagePieces(reader: Db, inboxId: string, limit: number, beforeHash?: string): Generator<Buffer> {
      reader.exec('BEGIN')
      try {
        const anchor =
          beforeHash === undefined
            ? Number.MAX_SAFE_INTEGER
            : reader.prepare<[string, string], { seq: number }>(seqOfSql).get(inboxId, beforeHash)?.seq
        const seqs =
          anchor === undefined
            ? []
            : reader
                .prepare<[string, number], number>(
                  `SELECT seq FROM messages WHERE inbox_id = ? AND seq < ? ORDER BY seq DESC LIMIT ${limit}`
                )
                .pluck()
                .all(inboxId, anchor)
                .reverse()
        const one = reader.prepare<[number], string>(`SELECT message_json FROM messages WHERE seq = ?`).pluck()
        let head = '['
        for (const seq of seqs) {
          const json = one.get(seq)
          if (json === undefined) continue
          yield Buffer.from(head + json)
          head = ','
        }
        yield Buffer.from(head === '[' ? '[]' : ']')
      } finally {
        if (reader.inTransaction) reader.exec('COMMIT')
      }
    },
    /**
     * The conversation as seen when answering the question at `seq`, newest first: everything up
     * to it, plus the answers stored since (they answer earlier questions), but not the questions
     * queued after it. Lazy: the runtime reads only as far as its context budget needs. The
     * messages are parsed once and shared (see parsed-messages.ts): callers must not change them.
     */
    *conversationFor(inboxId: string, seq: number): Generator<StoredMessage> {
      const read = db.inTransaction ? parsedFresh : parsedAt
      for (const at of pages((before, size) => repliesAfter(size).all(inboxId, seq, before), Number.MAX_SAFE_INTEGER)) {
        const m = read(at)
        const parent = m?.job_message?.parent
        if (m && typeof parent === 'string' && parent && (seqOf.get(inboxId, parent)?.seq ?? Infinity) <= seq) yield m
      }
      for (const at of pages((before, size) => upTo(size).all(inboxId, before - 1), seq + 1)) {
        const m = read(at)
        if (m) yield m
      }
    },
    /** The oldest message of the inbox still waiting for an answer. */
    nextPending: (inboxId: string) => nextPending.get(inboxId),
    /** Inboxes with questions waiting (after a restart, the runtime resumes these). */
    pendingInboxes: () => pendingInboxes.all(),
    /**
     * Up to `limit` inboxes with questions waiting, in id order after `after`, with the provider
     * of their job (a restart resumes the queue page by page). The last id given is the next `after`.
     */
    pendingInboxesAfter: (after: string, limit: number) => pendingPage(limit).all(after),
    /** The id of the provider answering this inbox (through its job), undefined when the inbox is gone. */
    providerOfInbox: (inboxId: string) => providerOf.get(inboxId),
    /** One message of the inbox by its node_message_hash. */
    byHash: (inboxId: string, hash: string) => byHash.get(inboxId, hash),
    /** Puts an answered question back in the queue (retry); false when the inbox has no such message. */
    requeue: (inboxId: string, hash: string) => requeue(inboxId, hash),
    /** Every message JSON of the inbox, oldest first, read on the caller's connection (a reader with its own snapshot). */
    iterateAll: (reader: Db, inboxId: string) => reader.prepare<[string], string>(allSql).pluck().iterate(inboxId),
    /** Drops the question from the queue without an answer. */
    markAnswered: db.transaction((inboxId: string, hash: string) => {
      dropRetries.run(inboxId, hash)
      return unqueue.run(inboxId, hash).changes === 1
    })
  }
}
export type MessagesRepo = ReturnType<typeof messagesRepo>
