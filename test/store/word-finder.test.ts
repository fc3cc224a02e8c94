import fc from 'fast-check'
import { expect, it } from 'vitest'
import { WordFinder } from '../../src/shared/word-finder'

/** Where `word` ends in `text` (after how many units), as the finder reports it reading the text unit by unit. */
function endsFound(word: string, text: string): number[] {
  const finder = new WordFinder(word)
  const ends: number[] = []
  for (let i = 0; i < text.length; i++) if (finder.read(text.charCodeAt(i))) ends.push(i + 1)
  return ends
}

/** The same by comparing the word at every place. */
function endsCompared(word: string, text: string): number[] {
  const ends: number[] = []
  for (let at = 0; at + word.length <= text.length; at++) if (text.startsWith(word, at)) ends.push(at + word.length)
  return ends
}

it('finds every occurrence, overlapping ones too', () => {
  expect(endsFound('aa', 'aaaa')).toEqual([2, 3, 4])
  expect(endsFound('abab', 'abababab')).toEqual([4, 6, 8])
  // A near match at every place: the occurrence at the end alone.
  expect(endsFound(`${'数'.repeat(29)}据`, `${'数'.repeat(100)}据`)).toEqual([101])
  expect(endsFound('ab', 'aab')).toEqual([3])
})

it('finds what comparing at every place finds (property)', () => {
  const units = fc.constantFrom('a', 'b', 'あ', '\ud83d', '\udc4d')
  fc.assert(
    fc.property(fc.array(units, { minLength: 1, maxLength: 6 }), fc.array(units, { maxLength: 60 }), (word, text) => {
      expect(endsFound(word.join(''), text.join(''))).toEqual(endsCompared(word.join(''), text.join('')))
    }),
    { numRuns: 2000 }
  )
})

it('forgets a match in progress when restarted', () => {
  const finder = new WordFinder('abc')
  finder.read(0x61)
  finder.read(0x62)
  expect(finder.inProgress).toBe(2)
  finder.restart()
  expect(finder.inProgress).toBe(0)
  expect(finder.read(0x63)).toBe(false)
})
