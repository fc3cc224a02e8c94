import { describe, expect, it } from 'vitest'
import { holdsExactNumbers, longNumbersOutsideStrings, parseExactJson, roundedCopy } from '../../src/shared/exact-json'

const BIG = '12345678901234567890'

describe('parseExactJson', () => {
  it('keeps a whole number past 2^53 as its own text, written back unchanged', () => {
    const parsed = parseExactJson(`{"a":[${BIG},-${BIG}],"b":{"c":${BIG}}}`)
    expect(holdsExactNumbers(parsed)).toBe(true)
    expect(JSON.stringify(parsed)).toBe(`{"a":[${BIG},-${BIG}],"b":{"c":${BIG}}}`)
    expect(roundedCopy(parsed)).toEqual(JSON.parse(`{"a":[${BIG},-${BIG}],"b":{"c":${BIG}}}`))
  })

  it('reads digits inside strings as text, escaped quotes included, without keeping anything', () => {
    const text = JSON.stringify({ s: `x:${BIG}, "q":${BIG}] \\":${BIG},`, t: `\\\\":${BIG},` })
    const parsed = parseExactJson(text)
    expect(parsed).toEqual(JSON.parse(text))
    expect(holdsExactNumbers(parsed)).toBe(false)
    // Told apart before parsing: such a body is parsed without the reviver (several times slower).
    expect(longNumbersOutsideStrings(text)).toEqual([])
    expect(longNumbersOutsideStrings(text.slice(0, -1) + `,"n":${BIG}}`)).toHaveLength(1)
    // A long number after such strings is still found.
    const after = parseExactJson(text.slice(0, -1) + `,"n":${BIG}}`) as { n: unknown }
    expect(holdsExactNumbers(after)).toBe(true)
    expect(JSON.isRawJSON(after.n)).toBe(true)
  })

  it('a number past 2^53 that a double holds exactly stays a number', () => {
    const parsed = parseExactJson('{"n":100000000000000000,"m":9007199254740993}') as { n: unknown; m: unknown }
    expect(parsed.n).toBe(1e17)
    expect(JSON.isRawJSON(parsed.m)).toBe(true)
  })

  it('keeps "__proto__" as an ordinary key in the rounded copy', () => {
    const copy = roundedCopy(parseExactJson(`{"__proto__":{"x":${BIG}}}`)) as Record<string, unknown>
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(Object.keys(copy)).toEqual(['__proto__'])
  })

  it('keeps every number of an array, side by side, and one that is the whole text', () => {
    const parsed = parseExactJson(`[${BIG},${BIG} , -${BIG}]`)
    expect(JSON.stringify(parsed)).toBe(`[${BIG},${BIG},-${BIG}]`)
    expect((parsed as unknown[]).every((v) => JSON.isRawJSON(v))).toBe(true)
  })

  it('reads a body nested far deeper than the stack (the router refuses it by its depth, not as bad JSON)', () => {
    const depth = 20_000
    const parsed = parseExactJson('['.repeat(depth) + BIG + ']'.repeat(depth))
    let v: unknown = parsed
    for (let i = 0; i < depth; i++) v = (v as unknown[])[0]
    expect(JSON.isRawJSON(v)).toBe(true)
  })

  it('a string that looks like the marker written by a client stays a string', () => {
    const text = JSON.stringify({ s: '\u0000abc:12345678901234567890' }).replace('}', `,"n":${BIG}}`)
    const parsed = parseExactJson(text) as { s: unknown }
    expect(parsed.s).toBe('\u0000abc:12345678901234567890')
  })
})
