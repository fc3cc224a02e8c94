import { expect, it } from 'vitest'
import { join } from 'node:path'
import { openStore } from '../../src/main/store'
import { aesFileSecretBox } from '../../src/main/store/secret-box'
import { stablePlanSql } from '../../src/main/store/stable-plans'
import { LISTING_SQL } from '../../src/main/vector-fs/tree'
import { tempDir } from '../support/node'

it('writes parameters compared with = or IS, and LIMIT and OFFSET parameters, as +?, and leaves every other part of the statement as it was', () => {
  expect(stablePlanSql('SELECT a FROM t WHERE b = ? AND c IS ? AND d=?2 AND e == @e AND f = :f AND g = $g')).toBe(
    'SELECT a FROM t WHERE b = +? AND c IS +? AND d=+?2 AND e == +@e AND f = +:f AND g = +$g'
  )
  expect(stablePlanSql('UPDATE t SET a = ? WHERE b <= ? AND c > ? AND d IN (?, ?) LIMIT ?')).toBe(
    'UPDATE t SET a = +? WHERE b <= +? AND c > ? AND d IN (?, ?) LIMIT +?'
  )
  expect(stablePlanSql('SELECT a FROM t ORDER BY a limit ? offset @o')).toBe('SELECT a FROM t ORDER BY a limit +? offset +@o')
  expect(stablePlanSql(`SELECT json_extract(m, '$.a') FROM t WHERE (a, b) < (?, ?) AND this ? x`)).toBe(
    `SELECT json_extract(m, '$.a') FROM t WHERE (a, b) < (?, ?) AND this ? x`
  )
})

it("the store's statements keep their index plans and give back what was bound, strings, blobs and numbers alike", () => {
  const t = tempDir()
  const store = openStore(t.dir, aesFileSecretBox(join(t.dir, 'secret.key')))
  try {
    const db = store.db
    const plan = (sql: string, ...args: unknown[]) =>
      db
        .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...args)
        .map((r) => r.detail)
    expect(plan('SELECT seq FROM messages WHERE inbox_id = ? ORDER BY seq DESC LIMIT 5', 'x')).toEqual([
      'SEARCH messages USING COVERING INDEX messages_inbox (inbox_id=?)'
    ])
    expect(plan('SELECT j.id FROM jobs j JOIN inboxes i ON i.job_id = j.id WHERE j.id = ?', 'x').join(' ')).toMatch(/SEARCH j .*\(id=\?\)/)
    // A folder's listing reads its entries in the index's order: no sort of a folder's thousands of rows.
    expect(plan(LISTING_SQL, 1)).toEqual(['SEARCH vfs_entries USING INDEX vfs_entries_listing (parent_id=?)'])
    db.exec('CREATE TEMP TABLE kinds (v)')
    db.defaultSafeIntegers(true)
    const insert = db.prepare('INSERT INTO kinds (v) VALUES (?)')
    const find = db.prepare<[unknown, unknown], { v: unknown }>('SELECT v FROM kinds WHERE v = ? AND v IS ?')
    for (const v of ['0', '1', 'text', 0n, 1n, 2.5, Buffer.from([1, 2]), 2n ** 40n]) {
      insert.run(v)
      expect(find.all(v, v)).toEqual([{ v }])
    }
  } finally {
    store.close()
    t.cleanup()
  }
})

it('a LIMIT given as a parameter still limits, and OFFSET still skips', () => {
  const t = tempDir()
  const store = openStore(t.dir, aesFileSecretBox(join(t.dir, 'secret.key')))
  try {
    const rows = store.db
      .prepare<[number, number], number>(
        'WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < 10) SELECT value FROM n LIMIT ? OFFSET ?'
      )
      .pluck()
    expect(rows.all(3, 0)).toEqual([1, 2, 3])
    expect(rows.all(1, 5)).toEqual([6])
    expect(rows.all(0, 0)).toEqual([])
  } finally {
    store.close()
    t.cleanup()
  }
})
