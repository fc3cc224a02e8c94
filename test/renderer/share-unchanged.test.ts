import { describe, expect, it } from 'vitest'
import { shareUnchanged } from '../../src/renderer/src/api/share-unchanged'
import { parseExactJson } from '../../src/shared/exact-json'

const BIG = '12345678901234567890'
const OTHER = '98765432109876543210'

describe('shareUnchanged (the cache keeping unchanged parts)', () => {
  it('keeps the parts that did not change as they were, and takes the changed ones', () => {
    const prev = {
      rows: [
        { id: 'a', n: 1 },
        { id: 'b', n: 2 }
      ],
      total: 2
    }
    const next = {
      rows: [
        { id: 'a', n: 1 },
        { id: 'b', n: 3 }
      ],
      total: 2
    }
    const shared = shareUnchanged(prev, next) as typeof prev
    expect(shared).toEqual(next)
    expect(shared.rows[0]).toBe(prev.rows[0])
    expect(shared.rows[1]).not.toBe(prev.rows[1])
    expect(shareUnchanged(prev, structuredClone(prev))).toBe(prev)
  })

  it('a number kept as its text that changed is written as the new number, never as an object', () => {
    const prev = parseExactJson(`{"metadata":{"ticket":${BIG},"small":1}}`)
    const next = parseExactJson(`{"metadata":{"ticket":${OTHER},"small":1}}`)
    expect(JSON.stringify(shareUnchanged(prev, next))).toBe(`{"metadata":{"ticket":${OTHER},"small":1}}`)
    // The same number again: the answer is the old one, kept whole.
    expect(shareUnchanged(prev, parseExactJson(`{"metadata":{"ticket":${BIG},"small":1}}`))).toBe(prev)
  })

  it('an object with a key "rawJSON" is an object, not the number its text spells', () => {
    const prev = { metadata: { rawJSON: BIG } }
    const next = parseExactJson(`{"metadata":${BIG}}`)
    expect(JSON.stringify(shareUnchanged(prev, next))).toBe(`{"metadata":${BIG}}`)
    expect(JSON.stringify(shareUnchanged(next, prev))).toBe(`{"metadata":{"rawJSON":"${BIG}"}}`)
  })

  it('keeps "__proto__" from JSON as an ordinary key', () => {
    const next = JSON.parse('{"a":{"__proto__":{"x":2}}}') as { a: object }
    const shared = shareUnchanged(JSON.parse('{"a":{"__proto__":{"x":1}}}'), next) as { a: object }
    expect(Object.getPrototypeOf(shared.a)).toBe(Object.prototype)
    expect(JSON.stringify(shared)).toBe('{"a":{"__proto__":{"x":2}}}')
  })
})
