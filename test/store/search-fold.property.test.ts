import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { searchWords } from '../../src/shared/search-fold'
import { highlightPieces, searchWords as highlightWords } from '../../src/renderer/src/app/highlight'

/*
 * The fold of letters that carry no separable accent (ł ø đ ð ħ ŧ ı) and of those written as two
 * (ß æ œ þ), against a model of it one character at a time; and the window's highlighter (the library's
 * results and the inbox list's hits), which maps folded positions back to the text, against what that
 * model says it must mark.
 */

const PLAIN: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', ð: 'd', ħ: 'h', ŧ: 't', ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th' }
/** One character as search compares it: accents off, lower case, plain letters. */
const foldChar = (c: string) =>
  c
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łøđðħŧıßæœþ]/gu, (l) => PLAIN[l]!)
const foldWord = (w: string) => [...w].map(foldChar).join('')

const LETTERS = [...'aodlsthie', ...'ŁłØøĐđÐðĦħŦŧıßẞÆæŒœÞþ', ...'éóźẵ']
const word = fc.array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 6 }).map((l) => l.join(''))
const text = fc.array(word, { minLength: 1, maxLength: 6 })

/** Per character of `words` joined by spaces, whether a search for `folded` (a folded word prefix) must mark it. */
function expectedMarks(words: readonly string[], folded: string): boolean[] {
  const marks: boolean[] = []
  words.forEach((w, i) => {
    if (i > 0) marks.push(false)
    const hit = foldWord(w).startsWith(folded)
    let length = 0
    for (const c of w) {
      const mark = hit && length < folded.length
      length += foldChar(c).length
      for (let k = 0; k < c.length; k++) marks.push(mark)
    }
  })
  return marks
}
const marksOf = (parts: readonly { text: string; match: boolean }[]) => parts.flatMap((p) => Array<boolean>(p.text.length).fill(p.match))

describe('search fold of letters without a separable accent (property)', () => {
  it('folds a text as the model does, and as its spelling in plain letters', () => {
    fc.assert(
      fc.property(text, (words) => {
        const s = words.join(' ')
        expect(searchWords(s)).toEqual(words.map(foldWord))
        expect(searchWords(words.map(foldWord).join(' '))).toEqual(words.map(foldWord))
      }),
      { numRuns: 300 }
    )
  })

  it('the highlighter marks exactly the characters that fold to the searched prefix, for a query as written or in plain letters', () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), fc.boolean(), (words, pick, cut, asWritten) => {
        const chosen = words[pick % words.length]!
        const folded = foldWord(chosen)
        const prefix = folded.slice(0, 1 + (cut % folded.length))
        const query = asWritten ? chosen : prefix
        const target = asWritten ? folded : prefix
        const s = words.join(' ')
        const expected = expectedMarks(words, target)
        expect(marksOf(highlightPieces(s, highlightWords(query))), `${s} / ${query}`).toEqual(expected)
      }),
      { numRuns: 300 }
    )
  })
})
