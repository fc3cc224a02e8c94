import { NO_SCOPE_PATHS } from '../../src/main/store/jobs'
import { expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { openDb } from '../../src/main/store/db'
import { writeBatcher } from '../../src/main/store/write-batcher'
import { DB_FILE_NAME, openStore } from '../../src/main/store'
import { aesFileSecretBox } from '../../src/main/store/secret-box'
import { tempDir } from '../support/node'
import { join } from 'node:path'
import type { Statement } from 'better-sqlite3'
import type { Db } from '../../src/main/store/db'

/** A fresh database file with a table `t (v)`, its insert, and the file's path for other readers. */
async function withTable(column: string, fn: (db: Db, insert: Statement<[string]>, file: string) => Promise<void>): Promise<void> {
  const t = tempDir()
  const file = join(t.dir, 'w.sqlite')
  const db = openDb(file)
  try {
    db.exec(`CREATE TABLE t (v ${column})`)
    await fn(db, db.prepare<[string]>(`INSERT INTO t (v) VALUES (?)`), file)
  } finally {
    db.close()
    t.cleanup()
  }
}

it('writes of one turn share a commit; one that throws is rolled back alone and rejects alone', async () => {
  await withTable('TEXT NOT NULL UNIQUE', async (db, insert, file) => {
    const batcher = writeBatcher(db)
    const other = new Database(file, { readonly: true })
    let seenElsewhere = -1
    const counter = db.prepare(`SELECT count(*) FROM t`).pluck()
    const results = await Promise.allSettled([
      batcher.run(() => insert.run('a').changes),
      batcher.run(() => {
        insert.run('b')
        insert.run('a') // violates UNIQUE after 'b' was written: 'b' must go too
      }),
      batcher.run(() => {
        // 'a' was written by the first write of this turn but is not committed yet: one commit for all.
        seenElsewhere = other.prepare(`SELECT count(*) FROM t`).pluck().get() as number
        return insert.run('c').changes
      })
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(seenElsewhere).toBe(0)
    expect(other.prepare(`SELECT count(*) FROM t`).pluck().get()).toBe(2)
    other.close()
    expect(db.prepare(`SELECT v FROM t ORDER BY v`).pluck().all()).toEqual(['a', 'c'])
    expect(counter.get()).toBe(2)
    // A later turn is a batch of its own.
    await expect(batcher.run(() => insert.run('d').changes)).resolves.toBe(1)
    expect(db.inTransaction).toBe(false)
  })
})

it('under load (a commit of several writes), a write soon after it waits for the rest of the gap and shares the next commit', async () => {
  await withTable('TEXT NOT NULL', async (db, insert, file) => {
    // A gap far longer than the 50 ms sleep below: with 300 ms, a loaded machine that slept 250 ms
    // would have committed 'b' before the look that says it waits.
    const GAP_MS = 1000
    const batcher = writeBatcher(db, { minGapMs: GAP_MS })
    const other = new Database(file, { readonly: true })
    const committed = () => other.prepare(`SELECT v FROM t ORDER BY v`).pluck().all()
    // Nothing committed lately: the first writes commit on the next turn, together (waiting for the gap would take a second).
    const t0 = performance.now()
    await Promise.all([batcher.run(() => insert.run('a1')), batcher.run(() => insert.run('a2'))])
    expect(performance.now() - t0).toBeLessThan(GAP_MS / 2)
    expect(committed()).toEqual(['a1', 'a2'])
    // Within the gap: 'b' waits, 'c' arrives meanwhile, and both go in one commit.
    const b = batcher.run(() => insert.run('b'))
    await new Promise((r) => setTimeout(r, 50))
    expect(committed()).toEqual(['a1', 'a2'])
    const c = batcher.run(() => insert.run('c'))
    await Promise.all([b, c])
    expect(performance.now() - t0).toBeGreaterThanOrEqual(GAP_MS - 10)
    expect(committed()).toEqual(['a1', 'a2', 'b', 'c'])
    other.close()
  })
})

it('one writer at a time (a script creating a job, then sending its message) never waits for the gap', async () => {
  await withTable('TEXT NOT NULL', async (db, insert) => {
    // A gap long enough that waiting for it is told apart from a loaded machine: 250 ms for five
    // writes was a bound a slow machine could reach; with the gap they would take 4 s at least.
    const batcher = writeBatcher(db, { minGapMs: 1000 })
    const t0 = performance.now()
    for (let i = 0; i < 5; i++) await batcher.run(() => insert.run(`w${i}`))
    expect(performance.now() - t0).toBeLessThan(1000)
    expect(db.prepare(`SELECT count(*) FROM t`).pluck().get()).toBe(5)
  })
})

it('closing the store commits the writes still queued instead of refusing them', async () => {
  const t = tempDir()
  const store = openStore(t.dir, aesFileSecretBox(join(t.dir, 'secret.key')))
  try {
    store.db.exec(`CREATE TABLE t (v TEXT NOT NULL)`)
    const insert = store.db.prepare(`INSERT INTO t (v) VALUES (?)`)
    await Promise.all([store.writes.run(() => insert.run('first')), store.writes.run(() => insert.run('second'))]) // a commit of several just now: the next write waits for the gap
    const queued = store.writes.run(() => insert.run('queued at close'))
    store.close()
    await expect(queued).resolves.toMatchObject({ changes: 1 })
    const again = new Database(join(t.dir, DB_FILE_NAME), { readonly: true })
    expect(again.prepare(`SELECT v FROM t ORDER BY rowid`).pluck().all()).toEqual(['first', 'second', 'queued at close'])
    again.close()
  } finally {
    store.close()
    t.cleanup()
  }
})

it('a write the disk refuses mid-batch (SQLite rolls back the whole transaction): it alone fails, and every other write is stored and says so', async () => {
  await withTable('TEXT NOT NULL', async (db, insert) => {
    const batcher = writeBatcher(db)
    const results = await Promise.allSettled([
      batcher.run(() => insert.run('a').changes),
      batcher.run(() => {
        // The disk fills under this write: it needs pages the file may not grow to (SQLITE_FULL).
        db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`)
        try {
          return insert.run('x'.repeat(100_000)).changes
        } finally {
          db.pragma('max_page_count = 1073741823')
        }
      }),
      batcher.run(() => insert.run('c').changes)
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_FULL' })
    // What each write was told is what the database holds: no write stored yet reported as failed, none lost.
    expect(db.prepare(`SELECT v FROM t ORDER BY v`).pluck().all()).toEqual(['a', 'c'])
    expect(db.inTransaction).toBe(false)
    await expect(batcher.run(() => insert.run('d').changes)).resolves.toBe(1)
  })
})

it('the messages of one commit, written without a savepoint each, are all in the search index once committed', async () => {
  const t = tempDir()
  const store = openStore(t.dir, aesFileSecretBox(join(t.dir, 'secret.key')))
  try {
    store.db.pragma('foreign_keys = OFF') // no provider row: the job only needs its inbox here
    const now = new Date(0).toISOString()
    const inboxId = 'job_inbox::j::false'
    store.jobs.create({
      jobId: 'j',
      inboxId,
      providerId: 'p',
      configJson: '{}',
      scopeJson: '{}',
      scopePaths: NO_SCOPE_PATHS,
      associatedUiJson: 'null',
      isHidden: false,
      now,
      customName: 'c'
    })
    const append = (i: number) =>
      store.writes.run(() =>
        store.messages.append(inboxId, 'operator', () => ({
          hash: `h${i}`,
          timestamp: now,
          json: JSON.stringify({ job_message: { content: `word${i} shared`, parent: '' }, node_api_data: { node_message_hash: `h${i}` } })
        }))
      )
    const written = await Promise.all(Array.from({ length: 50 }, (_, i) => append(i)))
    expect(written.map((m) => m?.hash)).toEqual(Array.from({ length: 50 }, (_, i) => `h${i}`))
    const matches = store.db.prepare<[string], number>(`SELECT count(*) FROM inbox_search WHERE inbox_search MATCH ?`).pluck()
    expect(matches.get('shared')).toBe(50)
    expect(matches.get('word49')).toBe(1)
    expect(store.db.prepare(`SELECT count(*) FROM messages`).pluck().get()).toBe(50)
  } finally {
    store.close()
    t.cleanup()
  }
})
