// @vitest-environment happy-dom
import { cleanup } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { markdownBlocks } from '../../src/renderer/src/features/inboxes/answer/long-text'
import { drawCost, drawnHtml, expectStreamedAsWhole } from './answer-shape'
import { html } from './streaming-fuzz'

/*
 * A long block quote in an answer being written: its "blank" lines are `>` lines, so it was never cut into blocks and
 * was parsed again whole at every token (418 ms a token at 50,000 characters). It is cut between its paragraphs, the
 * blocks after its first drawn in the same quote; drawn at every cut as the whole text parsed at once.
 */

afterEach(cleanup)

const words = (i: number) => `Quoted point ${i}: the node keeps its documents and answers about them, paragraph ${i}.`
const quote = (n: number, body: (i: number) => string = words, prefix = '> ') =>
  Array.from({ length: n }, (_, i) =>
    body(i)
      .split('\n')
      .map((l) => (l === '' ? prefix.trimEnd() : prefix + l))
      .join('\n')
  ).join(`\n${prefix.trimEnd()}\n`) + '\n'

const code = (n: number, indent = '') => Array.from({ length: n }, (_, i) => `${indent}const v${i} = compute(${i}) // line ${i}`).join('\n')

const answers: Record<string, string> = {
  'a plain long quote': quote(90),
  'a quote between paragraphs, then another quote': `Intro.\n\n${quote(60)}\nAfter the quote.\n\n${quote(40)}`,
  'a quote ended by a blank line then a quote again': `${quote(40)}\n${quote(40)}`,
  'lazy lines in the quote, and one ending it after a >-only line': `${quote(50, (i) => `${words(i)}\nlazy line ${i}`)}>\nNot in the quote.\n`,
  'a quote whose last paragraph goes on lazily': `${quote(50)}lazy end of the last paragraph\n\n# Heading\n`,
  'nested quotes': quote(70, (i) => (i % 2 === 0 ? `> ${words(i)}\n>\n> > ${words(i + 1)}` : words(i))),
  'a >-only line in a short fence in the quote': quote(70, (i) => (i % 2 === 1 ? '```ts\nfirst\n\nafter a blank\n```' : words(i))),
  'a long fence in the quote with blank lines': `${quote(30)}>\n> \`\`\`ts\n${code(150, '> ').replace(/line 7\d/g, (m) => `${m}\n>`)}\n> \`\`\`\n>\n${quote(30)}`,
  'a fence in the quote left open': `${quote(30)}>\n> \`\`\`\n${quote(40)}`,
  'loose and tight lists in the quote': quote(70, (i) =>
    i % 3 === 2 ? `- item ${i}\n\n- item ${i}b\n\n  more of ${i}b` : i % 3 === 1 ? `1. one\n2. two ${i}` : words(i)
  ),
  'indented code in the quote with >-only lines': quote(70, (i) => (i % 2 === 1 ? `    code ${i}\n\n    more code ${i}` : words(i))),
  'tables and headings in the quote': quote(70, (i) =>
    i % 3 === 1 ? `| a | b ${i} |\n| - | - |\n| 1 | 2 |\nlazy row` : i % 3 === 2 ? `## Heading ${i}` : words(i)
  ),
  'setext headings and breaks in the quote': quote(80, (i) => (i % 3 === 1 ? `Title ${i}\n===` : i % 3 === 2 ? '---' : words(i))),
  'footnotes and link definitions in the quote': `${quote(40, (i) => (i % 7 === 3 ? `[^n${i}]: Note ${i} with [site].\n\n    indented more of note ${i}` : i % 7 === 5 ? `[site]: https://example.com/${i}` : `${words(i)} See [site] and [^n${i < 3 ? 3 : i - ((i - 3) % 7)}].`))}\nAfter [site].\n`,
  'an html comment across a >-only line': quote(70, (i) => (i % 3 === 1 ? '<!-- a comment\n\nstill the comment -->' : words(i))),
  'a quote marker up to 3 spaces in, and without a space after it': quote(70, words, '   >').replace(/^ {3}>Quoted/gm, '>Quoted'),
  // Found by the property test (streaming-fuzz): a block of the quote's lines beginning ` >` was drawn as a quote in it.
  'a quote whose markers are 1 to 3 spaces in': quote(70, words, ' > '),
  'a nested quote, then a paragraph of the outer quote 2 spaces in': quote(40, (i) => `>\t> > ${words(i)}\n>\n  >${words(i + 1)}`, ''),
  'a quote with CRLF line ends': quote(50).replace(/\n/g, '\r\n'),
  'a quote in a list item': `- ${quote(70, words, '  > ').slice(2)}\n- next item\n`,
  'paragraphs after a list item in the quote, and lazy lines': quote(70, (i) =>
    i % 2 ? `- item ${i}\nlazy item line` : `${words(i)}\nlazy ${i}`
  ),
  'a quote ended by a line of its own after a lazy line': `${quote(60)}lazy\n- a list, not in the quote\n\n${quote(30)}`,
  'a list in a quote': quote(1, () => Array.from({ length: 60 }, (_, i) => `- ${words(i)}`).join('\n\n'))
}

it('a long block quote is drawn, at every point while it streams, as the whole text parsed at once', { timeout: 300_000 }, () => {
  expectStreamedAsWhole(answers)
})

it('a token added to a long block quote costs far less than parsing the whole quote again', { timeout: 120_000 }, () => {
  const answer = (chars: number) => {
    let text = ''
    for (let i = 0; text.length < chars; i++) text += `> ${words(i)}\n>\n`
    return text + '> Last'
  }
  const tokens = [' word', ',', ' more', '.\n>\n> Next']
  const cost = (start: string) => drawCost(start, (i) => tokens[i % tokens.length]!, 40, true)
  cost(answer(200)) // The first draw warms the parser and React up.
  const start = answer(50_000)
  const whole = (() => {
    let spent = Infinity
    for (let i = 0; i < 3; i++) {
      const t = performance.now()
      drawnHtml(start, false)
      spent = Math.min(spent, performance.now() - t)
    }
    return spent
  })()
  const [short, long] = [cost(answer(200)), cost(start)]
  console.log(`per token: ${short.toFixed(2)} ms at 200, ${long.toFixed(2)} ms at 50k characters; whole parse ${whole.toFixed(1)} ms`)
  expect(long).toBeLessThan(Math.max(short * 5, whole / 10))
})

it('a block of a quote holding a link definition alone draws nothing, as the whole parse (found by streaming-fuzz)', () => {
  // Blocks of 150 characters: the quote's last block is its definition alone.
  const text = `> ${'Quoted words, '.repeat(12)}\n>\n>[n]: https://example.com/n`
  expect(markdownBlocks(text, 150).map((b) => b.text)).toEqual([text.slice(0, text.indexOf('>\n')), '>[n]: https://example.com/n'])
  expect(html(text, 150)).toBe(html(text))
})
