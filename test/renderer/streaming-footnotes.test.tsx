// @vitest-environment happy-dom
import { cleanup } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { drawCost, expectStreamedAsWhole } from './answer-shape'

/*
 * Footnotes in a long answer being written, drawn in blocks: a reference `[^1]` in one block whose definition is in a
 * later block was drawn as the words "[^1]" (a whole parse makes it a numbered link), and a block holding both drew
 * its own "Footnotes" section in the middle of the answer, numbered from 1 again.
 */

afterEach(cleanup)

const para = (i: number, note = '') =>
  `Paragraph ${i}: the node keeps its documents and answers about them${note}, with more words to fill it out.\n\n`
const paras = (from: number, n: number, note: (i: number) => string = () => '') =>
  Array.from({ length: n }, (_, i) => para(from + i, note(from + i))).join('')

const answers: Record<string, string> = {
  'a reference early, its definition at the end': `${paras(0, 2, () => '[^1]')}${paras(2, 40)}[^1]: The first note.\n`,
  'references in many blocks, one used again, definitions between them': `${paras(0, 20, (i) => (i % 7 === 0 ? '[^a]' : i % 5 === 0 ? '[^b]' : ''))}[^b]: Note b, with *emphasis*.\n\n${paras(20, 30, (i) => (i % 9 === 0 ? '[^a][^c]' : ''))}[^a]: Note a.\n\n    Its second paragraph.\n\n[^c]: Note c.\n`,
  'a definition before its reference, a reference never defined': `[^early]: Defined first.\n\n${paras(0, 25, (i) => (i % 6 === 0 ? '[^early] and [^none]' : ''))}`,
  'references in a list, a table and a quote': `${paras(0, 22)}- item [^l]\n- item\n\n| a | b |\n| - | - |\n| cell [^t] | x |\n\n> quoted [^q]\n\n${paras(22, 22)}[^l]: In a list.\n\n[^t]: In a table.\n\n[^q]: In a quote.\n`,
  'a note that refers to another note': `${paras(0, 25, (i) => (i === 1 ? '[^x]' : ''))}[^x]: See also [^y].\n\n${paras(25, 25)}[^y]: The other.\n`,
  'references in the items of a long loose list and the rows of a long table': `${Array.from({ length: 60 }, (_, i) => `- Item ${i} of the list, with words enough to fill a line${i % 10 === 3 ? ' [^item]' : ''}.`).join('\n\n')}\n\n| # | Note |\n| - | ---- |\n${Array.from({ length: 150 }, (_, i) => `| ${i} | row ${i} of the table${i % 40 === 7 ? ' [^row]' : ''} |`).join('\n')}\n\n[^item]: On an item.\n\n[^row]: On a row.\n`,
  'a note defined twice (the first kept), its label in other cases': `${paras(0, 25, (i) => (i % 8 === 2 ? '[^Note]' : i % 8 === 6 ? '[^NOTE]' : ''))}[^note]: The first.\n\n${paras(25, 20)}[^NOTE]: The second.\n`
}

it('an answer with footnotes is drawn, at every point while it streams, as the whole text parsed at once', { timeout: 240_000 }, () => {
  expectStreamedAsWhole(answers)
})

it(
  'a definition written at the end of a long answer costs about what a word does: only the block it numbers is drawn again',
  { timeout: 120_000 },
  () => {
    // 300 paragraphs (40,000 characters, 20 blocks), each with a reference of its own; the notes are written after them.
    const start = `${paras(0, 300, (i) => `[^n${i}]`)}[^n0]: Note 0.\n`
    const word = () => ' word'
    const note = (i: number) => `\n[^n${i + 1}]: Note ${i + 1}.\n`
    drawCost(start, word, 5, true) // The first draws warm the parser and React up.
    const [perWord, perNote] = [drawCost(start, word, 10, false), drawCost(start, note, 10, false)]
    console.log(`per word ${perWord.toFixed(1)} ms, per note ${perNote.toFixed(1)} ms`)
    // Each new definition drew every block with a reference again (its key held all the answer's identifiers).
    expect(perNote).toBeLessThan(perWord * 3 + 50)
  }
)
