// @vitest-environment happy-dom
import { cleanup } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AnswerText } from '../../src/renderer/src/features/inboxes/answer/AnswerText'
import { findWords, foundMessages } from '../../src/renderer/src/features/inboxes/find/find-matches'
import { foundRanges } from '../../src/renderer/src/features/inboxes/find/find-highlight'
import { answerMessage } from './conversation-message'
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

/*
 * What the find counts is what it marks, and both are what the answer shows: a footnote reference `a[^1]b` reads
 * "a1b" and its note is listed at the answer's end ("a1b" was not found), under a heading "Footnotes" for screen readers only; a table's cells are apart ("h1h2" was marked as one word: "h2" counted, never marked); a code block's
 * language and Copy button are not the answer's text (its code, drawn right after them, was never marked).
 */
describe('the find counts and marks the same words, as the answer shows them', () => {
  afterEach(cleanup)

  const answer = (content: string) => answerMessage(content, { hash: 'r', parent: 'q' })

  /** Whether the find counts the answer `markdown` for `words`, and the text each of its marks covers. */
  function countAndMarks(markdown: string, words: string): { counted: boolean; marks: string[] } {
    const counted = foundMessages([answer(markdown)], findWords(words)).length === 1
    // As the conversation draws it (MessageList): the answer's text in an element of its own.
    const { container } = renderWithApp(
      <div data-found-text="r">
        <AnswerText text={markdown} />
      </div>
    )
    const root = container.querySelector('[data-found-text]')!
    return { counted, marks: foundRanges(root, findWords(words)).map((r) => r.toString()) }
  }

  const NOTE = 'a[^1]b\n\n[^1]: note'
  const TWO = 'x[^n] y[^m] z[^n]\n\n[^n]: one\n[^m]: two, see[^k]\n[^k]: three\n[^u]: unused'
  const TABLE = '| h1 | h2 |\n|---|---|\n| c1 | c2 |'
  const CODE = '```ts\nconst x = 1\n```'
  it.each([
    // Footnotes: the reference drawn as its number, the notes at the answer's end with their back-links.
    [NOTE, 'a1b', true, ['a1b']], // before: not counted
    [NOTE, 'ab', false, []], // the number stands between
    [NOTE, 'note', true, ['note']],
    // The section's heading "Footnotes" is for screen readers only, hidden from sight: neither counted nor marked.
    [NOTE, 'footnotes', false, []], // before: counted and marked, as it showed as a large heading
    [NOTE, '↩', true, ['↩']], // before: not counted
    [TWO, 'x1 y2 z1', true, ['x1', 'y2', 'z1']], // before: not counted
    [TWO, 'see3 three', true, ['see3', 'three']], // before: not counted (a note's own reference, numbered after)
    [TWO, 'unused', false, []], // a note nothing references is not drawn
    [TWO, 'xy', false, []],
    ['a[^1]b', 'a1b', false, []], // no note: the brackets drawn as written
    ['a[^1]b', '1', true, ['1']],
    // Tables: each cell a word of its own.
    [TABLE, 'h2', true, ['h2']], // before: counted, nothing marked
    [TABLE, 'c1 c2', true, ['c1', 'c2']], // before: counted, nothing marked
    // Code blocks: the code, not the language or the Copy button above it.
    [CODE, 'const', true, ['const']], // before: counted, nothing marked
    [CODE, 'ts', false, []], // before: marked where counted for another word
    [CODE + '\n\nts is short for TypeScript', 'ts', true, ['ts']], // before: the language marked too
    ['```\nplain\n```', 'plain', true, ['plain']], // before: counted, nothing marked
    ['```\nplain\n```', 'code', false, []], // before: marked where counted for another word
    // Task lists (their boxes hold no words), images (a link "Image: " and its words), line breaks, character references.
    ['- [ ] todo\n- [x] done', 'todo done', true, ['todo', 'done']],
    ['- [ ] todo\n- [x] done', 'x', false, []],
    ['![a map](https://x/y.png)', 'image map', true, ['Image', 'map']],
    ['![a map](https://x/y.png)', 'png', false, []],
    ['one  \ntwo\\\nthree', 'onetwo', false, []],
    ['one  \ntwo\\\nthree', 'two three', true, ['two', 'three']],
    ['caf&eacute; &amp; co', 'café', true, ['café']],
    ['caf&eacute; &amp; co', 'eacute amp', false, []]
  ] as const)('%j: %j counted %j, marks %j', (markdown, words, counted, marks) => {
    expect(countAndMarks(markdown, words)).toEqual({ counted, marks })
  })
  it('marks no word of a long answer\'s "Show all" button, which is not its text', () => {
    // Before: "all" of "Show all" was marked too.
    expect(countAndMarks(`Read all of it. ${'word '.repeat(3000)}`, 'all')).toEqual({ counted: true, marks: ['all'] })
  })
})
