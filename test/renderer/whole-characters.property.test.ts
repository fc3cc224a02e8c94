import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { wholeCharacterRanges, type TextRange } from '../../src/renderer/src/app/whole-characters'

/*
 * A mark is widened to the characters the eye sees (grapheme clusters) by looking only at its two
 * ends, not by cutting the whole text into characters. Against it, the plain way: cut the whole text,
 * and mark each character that holds any marked unit.
 */

function referenceRanges(text: string, ranges: readonly TextRange[]): TextRange[] {
  const marked = Array<boolean>(text.length).fill(false)
  for (const { start, end } of ranges) marked.fill(true, start, end)
  for (const { index, segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text))
    if (marked.slice(index, index + segment.length).some(Boolean)) marked.fill(true, index, index + segment.length)
  const out: TextRange[] = []
  for (let i = 0; i < text.length; i++) {
    if (!marked[i]) continue
    let j = i
    while (j < text.length && marked[j]) j++
    out.push({ start: i, end: j })
    i = j
  }
  return out
}

// What holds units together as one character: accents after a letter (and after a space), ZWJ
// sequences, skin tones, variation selectors, keycaps, flags (regional indicators pair from the start
// of their run), CR LF, Hangul jamo, an Indic vowel sign, a prepended mark; and the plain units around.
const PIECES = [
  ...'ab .\u00e9\u00a9\u00ae',
  '\r',
  '\n',
  '\u0301',
  '\u0308',
  '\u200d',
  '\ufe0f',
  '\u20e3',
  '👩',
  '💻',
  '👍',
  '🏽',
  '\u{1F1E6}',
  '\u{1F1FA}',
  '\u{1F1F8}',
  '\u1100',
  '\u1161',
  '\u11a8',
  '한',
  'क',
  '\u093e',
  '\u0600',
  '日'
]
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((p) => p.join(''))
/** Ranges in order, none overlapping the next; some empty, some touching. */
const textAndRanges = text.chain((t) =>
  fc.uniqueArray(fc.nat(t.length), { maxLength: 8 }).chain((cuts) => {
    const sorted = [...cuts].sort((a, b) => a - b)
    return fc.boolean().map((touching) => {
      const ranges: TextRange[] = []
      for (let i = 0; i + 1 < sorted.length; i += touching ? 1 : 2) ranges.push({ start: sorted[i]!, end: sorted[i + 1]! })
      return { text: t, ranges }
    })
  })
)

describe('whole-character marks (property)', () => {
  it('widen each mark to the characters it touches, as cutting the whole text into characters does', () => {
    fc.assert(
      fc.property(textAndRanges, ({ text, ranges }) => {
        expect([...wholeCharacterRanges(text, ranges)], JSON.stringify(text)).toEqual(referenceRanges(text, ranges))
      }),
      { numRuns: 3000 }
    )
  })

  it('widen a mark ending inside a ZWJ sequence or a flag to the whole picture', () => {
    const text = 'Our 👩\u200d💻 team 🇦🇺🇸🇪'
    expect([...wholeCharacterRanges(text, [{ start: 4, end: 6 }])]).toEqual([{ start: 4, end: 9 }])
    expect([...wholeCharacterRanges(text, [{ start: 17, end: 19 }])]).toEqual([{ start: 15, end: 19 }])
  })
})
