// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { highlightPieces, searchWords } from '../../src/renderer/src/app/highlight'
import { Highlighted, PASSAGE_MARKS } from '../../src/renderer/src/features/files/Highlighted'
import { useTestNode } from '../support/node'

/*
 * The library search's passages are found by the node's keyword index, where a word of 3 letters or
 * more also matches the words it begins and a word of 1-2 letters only itself (library-word-starts.ts).
 * The window marked word starts for every word: "pe" marked "Pe" in "Peter" and "pe" in "pear", in
 * a passage the node had found for other words. Now it marks what the node matched.
 */

afterEach(cleanup)
const marked = (text: string, search: string) =>
  highlightPieces(text, searchWords(search), PASSAGE_MARKS)
    .filter((p) => p.match)
    .map((p) => p.text)

it('a word of 1-2 letters is marked only whole; one of 3 or more where it begins a word too', () => {
  expect(marked('Often the pear of Peter is ripe; pe', 'of pe')).toEqual(['of', 'pe'])
  expect(marked('Often the pear of Peter is ripe', 'pea pet')).toEqual(['pea', 'Pet'])
  expect(marked('Often the pear of Peter is ripe', 'the')).toEqual(['the'])
  // Accents and case are ignored, the text kept as written: "é" is a whole word, not the start of "École".
  expect(marked('École é E', 'e')).toEqual(['é', 'E'])
  // A short word is marked where it is whole even beside a longer one that begins a word.
  expect(marked('an answer and an', 'an ans')).toEqual(['an', 'ans', 'an'])
  // Chinese and Japanese: the sequence anywhere in a run, as before.
  expect(marked('日本語のテキスト', 'テキ')).toEqual(['テキ'])
  // Digits count as letters: "20" is not the start of "2024".
  expect(marked('Report 2024, page 20', '20')).toEqual(['20'])
})

it('a word the node searched whole only (wholeWords) is marked only where it is a whole word, whatever its length', () => {
  const rules = { ...PASSAGE_MARKS, wholeWords: ['banan', 'stand'] }
  const marks = (text: string, search: string) =>
    highlightPieces(text, searchWords(search), rules)
      .filter((p) => p.match)
      .map((p) => p.text)
  expect(marks('The zebra by the banana stand, standing', 'zebra banan stand')).toEqual(['zebra', 'stand'])
  expect(marks('A banan, a Banana', 'banan')).toEqual(['banan'])
  // The other words keep their word starts, in the text's order.
  expect(marks('stand zebras standing', 'zebra stand')).toEqual(['stand', 'zebra'])
})

it('the inbox search keeps marking word starts for every word (its node matches them so)', () => {
  expect(
    highlightPieces('Often the pear', searchWords('of pe'))
      .filter((p) => p.match)
      .map((p) => p.text)
  ).toEqual(['Of', 'pe'])
})

it('Highlighted marks with <mark> as the rules say', () => {
  const { container } = render(<Highlighted text="the pear of Peter" words={searchWords('pe of')} rules={PASSAGE_MARKS} />)
  expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['of'])
})

const node = useTestNode()

it('marks a passage exactly where the node finds it: each word alone finds the passage when, and only when, the window marks something', async () => {
  const text = 'Often the pear of Peter is ripe in autumn, an answer in 2024.'
  expect(
    (await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'a.txt', file_data: new TextEncoder().encode(text) })).status
  ).toBe(200)
  for (const word of ['of', 'pe', 'pea', 'pet', 'ft', 'oft', 'au', 'aut', 'an', 'ans', 'in', '20', '202', 'ri']) {
    const found = (await node.post('/v2/search_items', { search: word })).body as { text: string }[]
    const marks = marked(text, word)
    expect({ word, found: found.length > 0 }).toEqual({ word, found: marks.length > 0 })
  }
})
