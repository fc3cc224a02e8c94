import { describe, expect, it } from 'vitest'
import { openDb } from '../../src/main/store/db'
import { limitedStatements } from '../../src/main/store/limited-statements'

/** A database with a table `t` holding 1..10, and a counted preparer of `SELECT v FROM t ORDER BY v LIMIT <n>`. */
function setUp() {
  const db = openDb(':memory:')
  db.exec('CREATE TABLE t (v INTEGER)')
  for (let v = 1; v <= 10; v++) db.prepare('INSERT INTO t (v) VALUES (?)').run(v)
  const prepared: number[] = []
  const prepare = (limit: number) => {
    prepared.push(limit)
    return db.prepare<[], number>(`SELECT v FROM t ORDER BY v LIMIT ${limit}`).pluck()
  }
  return { db, prepared, prepare }
}

describe('limitedStatements', () => {
  it('prepares one statement per limit, with the limit in its text, and hands the same one back', () => {
    const { db, prepared, prepare } = setUp()
    const stmt = limitedStatements(prepare)
    expect(stmt(3).all()).toEqual([1, 2, 3])
    expect(stmt(3)).toBe(stmt(3))
    expect(stmt(3).source).toMatch(/LIMIT 3$/)
    expect(stmt(0).all()).toEqual([])
    expect(stmt(20).all()).toHaveLength(10)
    expect(prepared).toEqual([3, 0, 20])
    db.close()
  })

  it('keeps the most recently used statements; one let go is prepared again when asked for', () => {
    const { db, prepared, prepare } = setUp()
    const stmt = limitedStatements(prepare, 2)
    stmt(1)
    stmt(2)
    stmt(1) // 1 is now the most recent: 2 goes when 3 comes
    stmt(3)
    expect(prepared).toEqual([1, 2, 3])
    expect(stmt(1).all()).toEqual([1])
    expect(prepared).toEqual([1, 2, 3])
    expect(stmt(2).all()).toEqual([1, 2])
    expect(prepared).toEqual([1, 2, 3, 2])
    db.close()
  })

  it.each([[-1], [1.5], [Number.NaN], [Number.POSITIVE_INFINITY], [2 ** 53], ['5; DROP TABLE t'], [null]])(
    'refuses %s as a limit, preparing nothing',
    (limit) => {
      const { db, prepared, prepare } = setUp()
      const stmt = limitedStatements(prepare)
      expect(() => stmt(limit as number)).toThrow(RangeError)
      expect(prepared).toEqual([])
      expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(10)
      db.close()
    }
  )
})
