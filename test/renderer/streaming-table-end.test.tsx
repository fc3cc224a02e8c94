// @vitest-environment happy-dom
import { cleanup } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { parsedWhole, streamed } from './answer-shape'

/*
 * A long table of an answer being written is cut between its rows (long-text.ts); where the table ends must be
 * where a whole parse ends it: a line without a pipe after the rows is one more row ("lazy" row, GFM), a blank
 * line or another block's start (list, quote, heading, fence, rule, indented code) ends it.
 */

afterEach(cleanup)

const rowsOf = (chars: number) => {
  let rows = ''
  for (let i = 0; rows.length < chars; i++) rows += `| ${i} | value ${i} |\n`
  return rows
}

it('a long table: what follows its rows is drawn as a whole parse draws it', () => {
  const tails = [
    'last row without pipes | x\n| 1 | 2 |\n',
    'lazy row\n',
    '*emphasis* row | x\n',
    '- a list item\n',
    '> a quote\n',
    '# A heading\n',
    '***\n',
    '---\n',
    '1. first\n',
    '```\ncode\n```\n',
    '    indented\n'
  ]
  for (const tail of tails) {
    const text = `| n | v |\n|---|---|\n${rowsOf(5000)}${tail}\nAfter.\n`
    expect(streamed(text), tail).toEqual(parsedWhole(text))
  }
})

it('a long table in a list item: the items after it stay items of the same list', () => {
  const rows = rowsOf(5000).replace(/^/gm, '   ').replace(/ {3}$/, '')
  const text = `1. Data:\n\n   | n | v |\n   |---|---|\n${rows}   More of the step.\n2. Next.\n3. Last.\n`
  const shown = streamed(text)
  expect(shown.paragraphs).toEqual(['Data:', 'Next.', 'Last.'])
  expect(shown).toEqual(parsedWhole(text))
})
