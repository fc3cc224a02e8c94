import { expect, it } from 'vitest'
import { spokenText } from '../../src/renderer/src/features/inboxes/answer/spoken-text'

it('says the words of Markdown without its marks: emphasis, headings, lists, tables, code, links and images', () => {
  expect(spokenText('## Plan\n\n**Bold** and _soft_ ~~gone~~\n\n- one\n- [x] two\n\n1. three')).toBe(
    'Plan Bold and soft gone one two three'
  )
  expect(spokenText('| a | b |\n|---|---|\n| 1 | 2 |')).toBe('a b 1 2')
  expect(spokenText('Run `npm start`:\n\n```sh\nnpm install\n```')).toBe('Run npm start: npm install')
  expect(spokenText('See [the docs](https://example.org) or ![a chart](x.png).')).toBe('See the docs or Image: a chart.')
  expect(spokenText('> quoted\n\n---\n\nafter')).toBe('quoted after')
})

it('says raw HTML as the text the answer shows it as (words in angle brackets are not lost), and plain text as it is', () => {
  expect(spokenText('Use a Vec<String> here.')).toBe('Use a Vec<String> here.')
  expect(spokenText('Hello <b>there</b>')).toBe('Hello <b>there</b>')
  expect(spokenText('Paris is the capital of France.')).toBe('Paris is the capital of France.')
  expect(spokenText('  two\n\n\n  lines  ')).toBe('two lines')
  expect(spokenText('')).toBe('')
})
