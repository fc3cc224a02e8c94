// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { AnswerText } from '../../src/renderer/src/features/inboxes/answer/AnswerText'
import { NOT_FOUND_ATTRIBUTE } from '../../src/renderer/src/features/inboxes/find/find-highlight'
import { answerIdPrefix } from '../../src/renderer/src/features/inboxes/answer/answer-ids'

/*
 * A footnote's number in an answer, and the note's way back to it, are links to places in the answer. They were drawn
 * as links out of the app: a click opened the app again in a new window (Electron: "open outside the app") instead of
 * going to the note. Two answers with notes each have their "fn-1": each goes to its own.
 */

afterEach(cleanup)

const answer = (n: number) => `Answer ${n} has a note[^1] and [a way back](#top).\n\n[^1]: Note of answer ${n}.\n`

it('a footnote number goes to its note in the same answer, and the note back to it, with the focus; the route stays', () => {
  location.hash = '#/inboxes/x'
  const opened: unknown[] = []
  window.open = (...args: unknown[]) => (opened.push(args), null)
  render(
    <MantineProvider>
      <AnswerText text={answer(1)} />
      <AnswerText text={answer(2)} />
    </MantineProvider>
  )
  const numbers = screen.getAllByRole('link', { name: '1' })
  expect(numbers).toHaveLength(2)
  for (const a of numbers) expect(a.getAttribute('target')).toBeNull()

  fireEvent.click(numbers[1]!)
  expect(document.activeElement?.textContent).toContain('Note of answer 2')
  const back = document.activeElement!.querySelector('a')!
  fireEvent.click(back)
  expect(document.activeElement).toBe(numbers[1])

  // A place the answer does not have: nothing happens.
  fireEvent.click(screen.getAllByRole('link', { name: 'a way back' })[0]!)
  expect(document.activeElement).toBe(numbers[1])
  expect(location.hash).toBe('#/inboxes/x')
  expect(opened).toEqual([])
})

it('the notes\' heading "Footnotes" is for screen readers only: hidden from sight, not the answer\'s text to the find', () => {
  // Short answer (drawn whole) and long answer (in blocks, its section drawn once at the end): the same heading.
  const long = `Start[^1] ${'word '.repeat(3000)}\n\n[^1]: The note.\n`
  for (const text of [answer(1), long]) {
    render(
      <MantineProvider>
        <AnswerText text={text} whole={text === long} />
      </MantineProvider>
    )
    // Before: a plain heading, drawn large (nothing styled remark-rehype's class sr-only) and found by Ctrl+F.
    const heading = screen.getByRole('heading', { name: 'Footnotes' })
    expect(heading.className).toBe('sr-only')
    // Right under the conversation's title (h2): an h4 skipped a level (axe's heading-order).
    expect(heading.tagName).toBe('H3')
    expect(heading.hasAttribute(NOT_FOUND_ATTRIBUTE)).toBe(true)
    // Still what each number is described by, for screen readers.
    expect(screen.getAllByRole('link', { name: '1' })[0]!.getAttribute('aria-describedby')).toBe(heading.id)
    cleanup()
  }
})

it("a footnote number in a long answer's start whose note is in the rest shows the whole answer and goes to the note", async () => {
  // Paragraphs, so the rest is drawn in many blocks (one a frame) before the notes at the end.
  const paragraphs = Array.from({ length: 200 }, (_, i) => `Paragraph ${i} ${'word '.repeat(40)}`).join('\n\n')
  const text = `The start has a note[^1].\n\n${paragraphs}\n\n[^1]: The note at the end.\n`
  render(
    <MantineProvider>
      <AnswerText text={text} idKey="m1" />
    </MantineProvider>
  )
  expect(screen.getByTestId('show-all')).toBeTruthy()
  expect(screen.queryByText(/The note at the end/)).toBeNull()

  // Before: nothing happened (the note is not in the start).
  fireEvent.click(screen.getByRole('link', { name: '1' }))
  expect(screen.queryByTestId('show-all')).toBeNull()
  await waitFor(() => expect(document.activeElement?.textContent).toContain('The note at the end.'), { timeout: 10_000 })
  expect(screen.getByText(/Paragraph 199/)).toBeTruthy()
  expect(document.activeElement?.id).toBe(`${answerIdPrefix('m1')}fn-1`)

  // The note's way back (named for screen readers: it was read as its arrow) goes to the number, in the whole answer.
  fireEvent.click(screen.getByRole('link', { name: 'Back to reference 1' }))
  expect(document.activeElement).toBe(screen.getByRole('link', { name: '1' }))
  expect(document.activeElement?.id).toBe(`${answerIdPrefix('m1')}fnref-1`)
})
