import type { Database } from 'better-sqlite3'
import { storedMessageJson } from '../../bench/seed'

/**
 * Appends `count` messages to an inbox through SQL, with the search index's triggers on (as the API
 * writes them): seconds for tens of thousands of messages instead of minutes of job_message calls.
 * The messages carry the stored shape, question and answer alternating, but no verifiable hash
 * chain, and nothing waits for an answer. `content(i)` is the text of the i-th.
 */
export function insertMessages(db: Database, jobId: string, count: number, content: (i: number) => string): void {
  const inboxId = `job_inbox::${jobId}::false`
  const insert = db.prepare(`INSERT INTO messages (inbox_id, hash, node_timestamp, message_json, role) VALUES (?, ?, ?, ?, ?)`)
  const base = Date.UTC(2026, 0, 1)
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const ts = new Date(base + i).toISOString()
      const answer = i % 2 === 1
      const hash = `bulk-${jobId}-${i}`
      const json = storedMessageJson({ inboxId, jobId, content: content(i), hash, ts, parentHash: '', agent: answer ? 'gpt' : undefined })
      insert.run(inboxId, hash, ts, json, answer ? 'answer' : 'operator')
    }
  })()
}

const WORDS = ['harbour', 'ledger', 'invoice', 'meadow', 'copper', 'lantern', 'orbit', 'willow', 'saddle', 'quarry', 'velvet', 'timber']

/** A sentence of `n` common words, different for each `i`, with `marker` in it (a word only these messages hold). */
export const sentence = (i: number, marker: string, n = 16) =>
  [marker, ...Array.from({ length: n }, (_, k) => WORDS[(i * 7 + k * 5) % WORDS.length]!)].join(' ')
