import { describe, expect, it } from 'vitest'
import { holdsExactNumbers, longNumberOutsideStrings, parseExactJson, roundedCopy } from '../../src/shared/exact-json'

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
    expect(longNumberOutsideStrings(text)).toBe(false)
    expect(longNumberOutsideStrings(text.slice(0, -1) + `,"n":${BIG}}`)).toBe(true)
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
})
