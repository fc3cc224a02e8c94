import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SEARCH_TOKEN, foldForSearch, isCjkToken, searchIndexForm, searchWords } from '../../src/shared/search-fold'
import { searchMarks, searchMatches, type SearchMatch } from '../../src/shared/search-matches'

/*
 * searchMatches reads the text once, finding each word with a failure table so that a long run of
 * Chinese is not compared with the whole word again at every place. Against it, the plain way: at
 * each token, each word tried by joining the folds of the tokens from there until the word is
 * covered. Both must mark the same places, the same ranges, the same word where two start together.
 */

interface Token {
  readonly at: number
  readonly text: string
  readonly folded: string
  readonly apart: boolean
}

/**
 * A word runs on into the next token only where one of the two is a Chinese or Japanese character, over
 * what stands between them, unless that holds a word of the index (㈱ is "(株)" there).
 */
const runsOn = (a: Token, b: Token) => !b.apart && (isCjkToken(a.folded) || isCjkToken(b.folded))

/** The shortest beginning of `token` whose fold is `units` long, with what folds to nothing after it. */
function shownLength(token: string, units: number): number {
  let end = 0
  while (end < token.length && foldForSearch(token.slice(0, end)).length < units) end++
  return foldForSearch(token.slice(end)) === '' ? token.length : end
}

/**
 * At each token, each word tried in turn: the first that matches there. `all`: every word that matches
 * at every token, those inside a match before them too (what the window marks is their union).
 */
function referenceMatches(text: string, words: readonly string[], all = false): SearchMatch[] {
  // The tokens the index holds (one that folds to nothing is not there), each with whether a word of the index stands before it.
  const tokens: Token[] = []
  let after = 0
  for (const m of text.matchAll(SEARCH_TOKEN)) {
    const folded = foldForSearch(m[0]).trim()
    if (folded === '') continue
    tokens.push({ at: m.index, text: m[0], folded, apart: /[\p{L}\p{N}\p{M}\p{Co}]/u.test(searchIndexForm(text.slice(after, m.index))) })
    after = m.index + m[0].length
  }
  const matches: SearchMatch[] = []
  let from = 0
  for (let i = 0; i < tokens.length; i++) {
    if ((tokens[i]!.at < from && !all) || tokens[i]!.folded === '') continue
    for (const word of words) {
      let joined = ''
      let last = i
      for (;;) {
        joined += tokens[last]!.folded
        if (joined.length >= word.length || last + 1 === tokens.length || !runsOn(tokens[last]!, tokens[last + 1]!)) break
        last++
      }
      if (!joined.startsWith(word)) continue
      const inLast = word.length - (joined.length - tokens[last]!.folded.length)
      from = tokens[last]!.at + shownLength(tokens[last]!.text, inLast)
      matches.push({ start: tokens[i]!.at, end: from })
      if (!all) break
    }
  }
  return matches
}

// Chinese and Japanese (half-width katakana with its dakuten, a dakuten that does not compose, the
// prolonged sound and iteration marks), Latin with accents composed and not, letters folded to two,
// a lone accent, emoji with a skin tone, a keycap, a Catalan l·l, a full-width letter, spaces.
const PIECES = [
  ...'あい日本語テキスト数据ー々',
  'ｶﾞ',
  'か\u3099',
  'ガ',
  ...'abs',
  'é',
  'e\u0301',
  'ß',
  'Ł',
  'l·l',
  '\u0301',
  'Ａ',
  '👍',
  '👍🏽',
  '1️⃣',
  ' ',
  ' ',
  ' ',
  '.',
  '㈱'
]
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((p) => p.join(''))
/**
 * Queries as typed: mostly pieces of the text searched (so that they match), some anything; and words
 * no query gives, the folds of neighbouring tokens joined, which only the chain rule keeps apart.
 */
const textAndWords = text.chain((t) => {
  const folds = [...t.matchAll(SEARCH_TOKEN)].map((m) => foldForSearch(m[0]).trim())
  const query = fc.oneof(
    fc.tuple(fc.nat(t.length), fc.nat(12)).map(([at, length]) => searchWords(t.slice(at, at + length))),
    fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((p) => searchWords(p.join(''))),
    fc
      .tuple(fc.nat(folds.length), fc.integer({ min: 1, max: 4 }))
      .map(([at, n]) => [folds.slice(at, at + n).join('')].filter((w) => w !== ''))
  )
  return fc.array(query, { minLength: 1, maxLength: 3 }).map((queries) => ({ text: t, words: [...new Set(queries.flat())] }))
})

/** The UTF-16 units of a text that any of `matches` covers. */
const covered = (matches: readonly SearchMatch[]) =>
  [...new Set(matches.flatMap(({ start, end }) => Array.from({ length: end - start }, (_, k) => start + k)))].sort((a, b) => a - b)

describe('search matches (property)', () => {
  it('marks what trying each word at each token marks', () => {
    fc.assert(
      fc.property(textAndWords, ({ text, words }) => {
        const expected = referenceMatches(text, words)
        expect([...searchMatches(text, words)]).toEqual(expected)
        // A caller that takes the first match alone gets the same one.
        expect(searchMatches(text, words).next().value).toEqual(expected[0])
      }),
      { numRuns: 2000 }
    )
  })

  it("marks, for the window, every unit that any word's match at any token covers, each place in order", () => {
    fc.assert(
      fc.property(textAndWords, ({ text, words }) => {
        const marks = [...searchMarks(text, words)]
        expect(covered(marks)).toEqual(covered(referenceMatches(text, words, true)))
        expect(marks.every((m, i) => i === 0 || marks[i - 1]!.start < m.start)).toBe(true)
      }),
      { numRuns: 2000 }
    )
  })

  it('marks a long run where the words overlap and nearly match everywhere', () => {
    const run = fc.array(fc.constantFrom('あ', 'い', 'ｶﾞ', 'a'), { maxLength: 300 }).map((p) => p.join(''))
    const words = fc.array(fc.array(fc.constantFrom('あ', 'い', 'が', 'a'), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 })
    fc.assert(
      fc.property(run, words, (text, pieces) => {
        const query = [...new Set(pieces.map((p) => p.join('')))]
        expect([...searchMatches(text, query)]).toEqual(referenceMatches(text, query))
        expect(covered([...searchMarks(text, query)])).toEqual(covered(referenceMatches(text, query, true)))
      }),
      { numRuns: 500 }
    )
  })
})
