// @vitest-environment happy-dom
import { cleanup } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AnswerText } from '../../src/renderer/src/features/inboxes/AnswerText'
import { findWords } from '../../src/renderer/src/features/inboxes/find-matches'
import { foundRanges } from '../../src/renderer/src/features/inboxes/find-highlight'
import { renderWithApp } from './render'

/*
 * The marks of a find in the conversation (Ctrl+F) land on the words as the answer draws them: a word the
 * Markdown's marks cut in two in the stored text (find-quick.ts) is marked whole, across the elements that
 * draw its parts.
 */
describe('the find marks the words an answer shows joined', () => {
  afterEach(cleanup)

  /** The text each mark covers, for `words` searched in the answer `markdown` as drawn. */
  function marked(markdown: string, words: string): string[] {
    const { container } = renderWithApp(<AnswerText text={markdown} />)
    return foundRanges(container, findWords(words)).map((r) => r.toString())
  }

  it.each([
    ['x **foo**_bar_ y', 'foobar', ['foobar']],
    ['x _foo_**bar** y', 'foobar', ['foobar']],
    ['x [foo](https://e.com/u)_bar_ y', 'foobar', ['foobar']],
    ['x `foo`**bar** y', 'foobar', ['foobar']],
    ['x ~~foo~~**bar** y', 'foobar', ['foobar']],
    ['x caf&eacute;**s** y', 'cafes', ['cafés']],
    ['See <https://a.b/c>d now', 'cd', ['cd']],
    ['See <https://a.b/c>d now', 'https://a.b/cd', ['https', 'a', 'b', 'cd']],
    ['Call my_**foo**_bar_ now', 'foobar', ['foobar']]
  ] as const)('%j: %j marks %j', (markdown, words, marks) => {
    expect(marked(markdown, words)).toEqual(marks)
  })

  it('marks no word the screen shows apart, nor one that only begins inside a joined word', () => {
    expect(marked('x **foo** _bar_ y', 'foobar')).toEqual([])
    expect(marked('x **foo**_bar_ y', 'bar')).toEqual([])
  })
})
