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

/** A quote's children (one for each `i`, '>'-only lines between) holding a loose list, indented code, fences, nested quotes. */
const shapes: Record<string, (i: number) => string> = {
  'a loose list': (i) => (i % 3 === 1 ? `- item ${i}\n\n- item ${i}b\n\n  more of ${i}b` : words(i)),
  'indented code': (i) => (i % 3 === 1 ? `    code ${i}\n\n    more code ${i}` : words(i)),
  fences: (i) => (i % 3 === 1 ? `\`\`\`ts\nconst a${i} = 1\n\nconst b${i} = 2\n\`\`\`` : words(i)),
  'nested quotes': (i) => (i % 3 === 1 ? `> ${words(i)}\n>\n> - nested item\n>\n> > ${words(i + 1)}` : words(i))
}

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
  'a list in a quote': quote(1, () => Array.from({ length: 60 }, (_, i) => `- ${words(i)}`).join('\n\n')),
  ...Object.fromEntries(Object.entries(shapes).map(([name, body]) => [`${name} (long)`, quote(70, body)])),
  'a fence in a list item in the quote, then a fence of the quote': quote(60, (i) =>
    i % 4 === 1 ? '- item\n\n  ```\n  code\n\n  ```' : i % 4 === 3 ? '```\nquote code\n\nmore\n```' : words(i)
  ),
  'a quote after a paragraph, without a blank line': `Intro.\n${quote(60)}`,
  'a quote whose lines have their marker 1 space in after its cut': `${quote(40)}>\n${quote(40, words, ' > ')}`,
  'an HTML block in the quote across >-only lines': quote(60, (i) => (i % 5 === 2 ? '<div>\n\nstill html\n\n</div>' : words(i)))
}

it('a long block quote is drawn, at every point while it streams, as the whole text parsed at once', { timeout: 300_000 }, () => {
  expectStreamedAsWhole(answers)
})

/** The least ms a token added to `answer(50_000)` costs, drawn in blocks, and parsed whole at once. */
function tokenCost(answer: (chars: number) => string, tokens: readonly string[]) {
  const cost = (start: string) => drawCost(start, (i) => tokens[i % tokens.length]!, 40, true)
  cost(answer(200)) // The first draw warms the parser and React up.
  const start = answer(50_000)
  let whole = Infinity
  for (let i = 0; i < 3; i++) {
    const t = performance.now()
    drawnHtml(start, false)
    whole = Math.min(whole, performance.now() - t)
  }
  return { short: cost(answer(200)), long: cost(start), whole }
}

/** Children of a quote (each `body(i)`, '>'-only lines between) up to `chars`, the last being written. */
const quoteOf = (body: (i: number) => string) => (chars: number) => {
  let text = ''
  for (let i = 0; text.length < chars; i++) text += quote(1, () => body(i)) + '>\n'
  return text + '> Last'
}

it.each([['a plain quote', words] as const, ...Object.entries(shapes)])(
  'a token added to a long block quote holding %s costs far less than parsing the whole quote again',
  { timeout: 120_000 },
  (_, body) => {
    const { short, long, whole } = tokenCost(quoteOf(body), [' word', ',', ' more', '.\n>\n> Next'])
    console.log(`per token: ${short.toFixed(2)} ms at 200, ${long.toFixed(2)} ms at 50k characters; whole parse ${whole.toFixed(1)} ms`)
    expect(long).toBeLessThan(Math.max(short * 5, whole / 10))
  }
)

it('markdownBlocks on a 50,000-character quote holding lists, indented code and fences stays a few ms a call', () => {
  // Each '>'-only line past a block's size once parsed the growing block again (over 60 s a call).
  for (const body of Object.values(shapes)) {
    const text = quoteOf(body)(50_000)
    markdownBlocks(text)
    let spent = Infinity
    for (let i = 0; i < 3; i++) {
      const t = performance.now()
      markdownBlocks(text + ' word'.repeat(i + 1))
      spent = Math.min(spent, performance.now() - t)
    }
    expect(spent).toBeLessThan(50)
  }
})

it('a block of a quote holding a link definition alone draws nothing, as the whole parse (found by streaming-fuzz)', () => {
  const text = `> ${'Quoted words, '.repeat(12)}\n>\n> ${'More words, '.repeat(12)}\n>\n>[n]: https://example.com/n`
  expect(markdownBlocks(text, 150).map((b) => b.text)).toEqual([text.slice(0, text.indexOf('>\n')), text.slice(text.indexOf('>\n') + 2)])
  expect(html(text, 150)).toBe(html(text))
})
