import { expect, it } from 'vitest'
import { spokenText } from '../../src/renderer/src/features/inboxes/spoken-text'

it('says the words of Markdown without its marks: emphasis, headings, lists, tables, code, links and images', () => {
  expect(spokenText('## Plan\n\n**Bold** and _soft_ ~~gone~~\n\n- one\n- [x] two\n\n1. three')).toBe(
    'Plan Bold and soft gone one two three'
  )
  expect(spokenText('| a | b |\n|---|---|\n| 1 | 2 |')).toBe('a b 1 2')
  expect(spokenText('Run `npm start`:\n\n```sh\nnpm install\n```')).toBe('Run npm start: npm install')
  expect(spokenText('See [the docs](https://example.org) or ![a chart](x.png).')).toBe('See the docs or a chart.')
  expect(spokenText('> quoted\n\n---\n\nafter')).toBe('quoted after')
})

it('leaves raw HTML out, as the answer shows none of it, and plain text as it is', () => {
  expect(spokenText('<script>alert(1)</script>\n\nHello <b>there</b>')).toBe('Hello there')
  expect(spokenText('Paris is the capital of France.')).toBe('Paris is the capital of France.')
  expect(spokenText('  two\n\n\n  lines  ')).toBe('two lines')
  expect(spokenText('')).toBe('')
})
