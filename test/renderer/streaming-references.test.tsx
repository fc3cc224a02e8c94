// @vitest-environment happy-dom
import { cleanup } from '@testing-library/react'
import { afterEach, it } from 'vitest'
import { expectStreamedAsWhole } from './answer-shape'

/*
 * Link references in a long answer being written, drawn in blocks: `[foo]` (or `[text][foo]`, `![img][foo]`) in one
 * block whose definition `[foo]: https://...` is in another block was drawn as the words "[foo]"; a whole parse makes
 * it a link.
 */

afterEach(cleanup)

const para = (i: number, ref = '') =>
  `Paragraph ${i}: the node keeps its documents and answers about them${ref}, with more words to fill it out.\n\n`
const paras = (from: number, n: number, ref: (i: number) => string = () => '') =>
  Array.from({ length: n }, (_, i) => para(from + i, ref(from + i))).join('')

const answers: Record<string, string> = {
  'a reference early, its definition at the end': `${paras(0, 2, () => ' [foo]')}${paras(2, 40)}[foo]: https://example.com/foo\n`,
  'full, collapsed and image references, a title, a label in other cases': `${paras(0, 20, (i) => (i % 7 === 0 ? ' [the docs][Docs]' : i % 5 === 0 ? ' [docs][] and ![a picture][pic]' : ''))}[docs]: https://example.com/docs "The docs"\n\n${paras(20, 25, (i) => (i % 9 === 0 ? ' [DOCS] and [pic]' : ''))}[PIC]: <https://example.com/p.png>\n`,
  'a definition before its references, a reference never defined': `[early]: https://example.com/early\n\n${paras(0, 25, (i) => (i % 6 === 0 ? ' [early] and [none]' : ''))}`,
  'a label defined twice in different blocks (the first kept)': `${paras(0, 20, (i) => (i % 4 === 1 ? ' [twice]' : ''))}[twice]: https://example.com/first\n\n${paras(20, 25, (i) => (i % 4 === 1 ? ' [twice]' : ''))}[twice]: https://example.com/second\n`,
  'references in a list, a table and a quote, definitions in a list item and a quote': `${paras(0, 22)}- item [l]\n- [q]: https://example.com/q\n\n| a | b |\n| - | - |\n| cell [t] | x |\n\n> quoted [q]\n>\n> [l]: https://example.com/l\n\n${paras(22, 22)}[t]: https://example.com/t\n`,
  'references in the items of a long loose list and the rows of a long table': `${Array.from({ length: 60 }, (_, i) => `- Item ${i} of the list, with words enough to fill a line${i % 10 === 3 ? ' [item]' : ''}.`).join('\n\n')}\n\n| # | Link |\n| - | ---- |\n${Array.from({ length: 150 }, (_, i) => `| ${i} | row ${i} of the table${i % 40 === 7 ? ' [row]' : ''} |`).join('\n')}\n\n[item]: https://example.com/item\n\n[row]: https://example.com/row\n`,
  // A label holding an escaped bracket: `[a\]b]` is the label `a\]b` (its definition's too), drawn as a link.
  'labels holding escaped brackets, defined at the end and at the start': `[x\\[y]: https://example.com/xy\n\n${paras(0, 25, (i) => (i % 6 === 1 ? ' [a\\]b], [x\\[y] and [text][a\\]b]' : ''))}- [c\\]\\]d]: https://example.com/cd\n\n> [e\\]f]: https://example.com/ef\n\n${paras(25, 20, (i) => (i % 5 === 1 ? ' [c\\]\\]d] and [e\\]f] and [a\\]b]' : ''))}[a\\]b]: https://example.com/ab\n`,
  'a reference and a footnote in the same blocks': `${paras(0, 25, (i) => (i % 5 === 1 ? ' [site][^n]' : ''))}[^n]: A note on [site].\n\n${paras(25, 20)}[site]: https://example.com/site\n`
}

it(
  'an answer with link references is drawn, at every point while it streams, as the whole text parsed at once',
  { timeout: 240_000 },
  () => {
    expectStreamedAsWhole(answers)
  }
)
