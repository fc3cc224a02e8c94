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
