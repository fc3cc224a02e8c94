import { expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { openDb } from '../../src/main/store/db'
import { writeBatcher } from '../../src/main/store/write-batcher'
import { tempDir } from '../support/node'
import { join } from 'node:path'

it('writes of one turn share a commit; one that throws is rolled back alone and rejects alone', async () => {
  const t = tempDir()
  const db = openDb(join(t.dir, 'b.sqlite'))
  try {
    db.exec(`CREATE TABLE t (v TEXT NOT NULL UNIQUE)`)
    const insert = db.prepare(`INSERT INTO t (v) VALUES (?)`)
    const batcher = writeBatcher(db)
    const other = new Database(join(t.dir, 'b.sqlite'), { readonly: true })
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
  } finally {
    db.close()
    t.cleanup()
  }
})
