import type { Store } from '../src/main/store'
import type { Database } from 'better-sqlite3'
import { treeRepo } from '../src/main/vector-fs/tree'
import { provider } from '../test/support/fixtures'

export interface SeedOptions {
  readonly inboxes: number
  /** Messages per inbox (question/answer pairs alternate), or the count for the i-th inbox. */
  readonly messagesPerInbox?: number | ((inbox: number) => number)
  /** The scope JSON every job gets (default: an empty scope). */
  readonly scopeJson?: string
  readonly providerId?: string
}

const EMPTY_SCOPE = '{"local_vrkai":[],"local_vrpack":[],"network_folders":[],"vector_fs_folders":[],"vector_fs_items":[]}'
const CONFIG = '{"custom_prompt":"","temperature":0.7,"seed":0,"top_k":40,"top_p":0.9,"stream":true,"other_model_params":null}'

/** A vocabulary whose words occur with very different frequencies, as in real conversations. */
export const VOCABULARY = Array.from({ length: 4000 }, (_, i) => {
  const syllables = ['ka', 'lo', 'mi', 'ter', 'van', 'sul', 'por', 'den', 'ri', 'bo', 'nex', 'tal', 'qui', 'zer', 'fa', 'gun']
  let w = ''
  let n = i + 7
  do {
    w += syllables[n % syllables.length]
    n = Math.floor(n / syllables.length)
  } while (n > 0)
  return w
})

/** Deterministic pseudo-random numbers (mulberry32), so every run seeds the same data. */
export function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A word drawn with a Zipf-like skew: the first words of the vocabulary are by far the most common. */
export const zipfWord = (rnd: () => number) => VOCABULARY[Math.floor(VOCABULARY.length * rnd() ** 3)]!

/**
 * Fills a store with jobs, inboxes and messages through SQL in one transaction (the triggers keep
 * counts and the search index as the API would): seconds instead of the minutes the API takes.
 * Messages carry the stored shape but not a verifiable hash chain, which nothing measured reads.
 */
export function seedInboxes(store: Store, options: SeedOptions): void {
  const db = store.db
  const providerId = options.providerId ?? 'bench'
  const perInbox = options.messagesPerInbox ?? 1
  const countOf = typeof perInbox === 'number' ? () => perInbox : perInbox
  if (!store.providers.get(providerId)) {
    const p = provider(providerId)
    store.providers.insert({
      id: providerId,
      providerJson: JSON.stringify(p),
      agentJson: JSON.stringify({ full_identity_name: p.full_identity_name, id: providerId, model: p.model }),
      apiKey: null,
      now: '2026-01-01T00:00:00.000Z'
    })
  }
  const job = db.prepare(`INSERT INTO jobs (id, provider_id, config_json, is_hidden, created_at) VALUES (?, ?, ?, 0, ?)`)
  const scope = db.prepare(`INSERT INTO job_scopes (job_id, scope_json) VALUES (?, ?)`)
  const inbox = db.prepare(
    `INSERT INTO inboxes (id, job_id, custom_name, name_is_default, datetime_created, activity, last_message_json, last_hash, last_timestamp)
     VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?)`
  )
  const message = db.prepare(`INSERT INTO messages (inbox_id, hash, node_timestamp, message_json, role) VALUES (?, ?, ?, ?, ?)`)
  const rnd = random(options.inboxes * 31 + countOf(0))
  const sentence = (words: number) => Array.from({ length: words }, () => zipfWord(rnd)).join(' ')
  const base = Date.UTC(2026, 0, 1)
  let clock = 0
  const stamp = () => new Date(base + clock++ * 10).toISOString()
  const sync = db.pragma('synchronous', { simple: true }) as number
  db.pragma('synchronous = OFF')
  // The search index is built once at the end (as the migration does), not row by row.
  const searchTriggers = db
    .prepare<[], { name: string; sql: string }>(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'inbox_search_%'`)
    .all()
  db.transaction(() => {
    for (const t of searchTriggers) db.exec(`DROP TRIGGER ${t.name}`)
    for (let i = 0; i < options.inboxes; i++) {
      const jobId = `jobid_seed_${i}`
      const inboxId = `job_inbox::${jobId}::false`
      const created = stamp()
      job.run(jobId, providerId, CONFIG, created)
      scope.run(jobId, options.scopeJson ?? EMPTY_SCOPE)
      let last: { json: string; hash: string; ts: string } | undefined
      const pending: [string, string, string, string][] = []
      for (let m = 0, count = countOf(i); m < count; m++) {
        const ts = stamp()
        const hash = `seed${i}x${m}`
        const answer = m % 2 === 1
        const json = storedMessageJson({
          inboxId,
          jobId,
          content: sentence(answer ? 24 : 10),
          hash,
          ts,
          parentHash: last?.hash ?? '',
          agent: answer ? providerId : undefined
        })
        pending.push([hash, ts, json, answer ? 'answer' : 'operator'])
        last = { json, hash, ts }
      }
      inbox.run(inboxId, jobId, `${sentence(3)} ${i}`, created, last?.ts ?? created, last?.json ?? null, last?.hash ?? '', last?.ts ?? null)
      for (const [hash, ts, json, role] of pending) message.run(inboxId, hash, ts, json, role)
    }
    db.exec(`INSERT INTO inbox_search (inbox_search) VALUES ('rebuild')`)
    for (const t of searchTriggers) db.exec(t.sql)
  })()
  db.pragma(`synchronous = ${sync}`)
}

/**
 * A message as the node stores it (the LastMessage shape), for data written through SQL: a question
 * from the operator, or an answer from `agent` (a provider id). The hash is given, not computed.
 */
export function storedMessageJson(m: {
  inboxId: string
  jobId: string
  content: string
  hash: string
  ts: string
  parentHash: string
  agent?: string
}): string {
  return JSON.stringify({
    inbox: m.inboxId,
    job_message: {
      callback: null,
      content: m.content,
      files_inbox: '',
      job_id: m.jobId,
      parent: '',
      sheet_job_data: '',
      workflow_code: '',
      workflow_name: ''
    },
    node_api_data: { node_message_hash: m.hash, node_timestamp: m.ts, parent_hash: m.parentHash },
    receiver: '@@localhost.sep-shinkai',
    receiver_subidentity: 'main',
    sender: '@@localhost.sep-shinkai',
    sender_subidentity: m.agent === undefined ? 'main' : `main/agent/${m.agent}`
  })
}

/** The n-th file name of a seeded library folder: `file 00001.txt` … (sorted as numbered). */
export const seededFileName = (i: number) => `file ${String(i).padStart(5, '0')}.txt`

/**
 * Fills a library folder up to `count` files by copying its file `seededFileName(1)` (uploaded
 * through the API beforehand) as rows of the tree: seconds for 20,000 files instead of 20,000
 * uploads. The copies share the first one's stored bytes and are ready.
 */
export function copyFirstFile(db: Database, folder: readonly string[], count: number): void {
  const tree = treeRepo(db)
  const first = tree.resolve([...folder, seededFileName(1)])
  if (!first) throw new Error(`no ${seededFileName(1)} in /${folder.join('/')}`)
  db.transaction(() => {
    for (let i = 2; i <= count; i++)
      tree.insertFile({
        parentId: first.parent_id!,
        name: seededFileName(i),
        sha256: first.sha256!,
        size: first.size,
        fileType: first.file_type!,
        status: 'ready',
        createdTime: first.created_time,
        modifiedTime: first.modified_time,
        resourceJson: null
      })
  })()
}
