import { describe, expect, it } from 'vitest'
import { jsonToText } from '../../src/main/vector-fs/json-text'

/*
 * jsonToText reads a JSON file's \u escapes as the characters they spell (json-escapes-http has the
 * upload and search): a pair of surrogate escapes as one character, a lone one left as written.
 */
describe('jsonToText', () => {
  it('reads a surrogate pair that follows a lone high surrogate (the lone one stays; the pair was left as escapes too)', () => {
    expect(jsonToText(String.raw`"\ud83d\ud83d\ude00 ok"`)).toBe(String.raw`"\ud83d😀 ok"`)
    expect(jsonToText(String.raw`"\uD83D\uD83D\uDE00\u00e9"`)).toBe(String.raw`"\uD83D😀é"`)
  })

  it('reads pairs, and leaves lone surrogates, escaped backslashes and control characters as written', () => {
    expect(jsonToText(String.raw`"\ud83d\ude00\ud83d\ude01"`)).toBe('"😀😁"')
    expect(jsonToText(String.raw`"\ud83d\u00e9 \ude00 \ud83d"`)).toBe(String.raw`"\ud83dé \ude00 \ud83d"`)
    expect(jsonToText(String.raw`"C:\\u00e9 \\\u00e9 \u000a \n"`)).toBe(String.raw`"C:\\u00e9 \\é \u000a \n"`)
  })
})
