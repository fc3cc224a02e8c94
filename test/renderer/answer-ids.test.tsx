// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import type { LastMessage } from '../../src/shared/contract/message'
import { answerIdPrefix } from '../../src/renderer/src/features/inboxes/answer/answer-ids'
import { AnswerText } from '../../src/renderer/src/features/inboxes/answer/AnswerText'
import { layOutLists } from './list-layout'
import { listOf, messageMaker } from './message-list-builder'
import { renderWithApp } from './render'

/*
 * Every answer with footnotes wrote the same ids ("user-content-fn-1", "user-content-fnref-1", "footnote-label"): a
 * conversation with two such answers had each id twice (invalid HTML; axe's duplicate-id-aria), and the numbers of the
 * second answer were described by the first answer's heading "Footnotes". Each answer's ids are its own now.
 */

layOutLists()
afterEach(cleanup)

/** Messages with hashes of 64 characters, as the node's. */
const message = messageMaker((n) => `${n}`.padStart(64, 'a'))

const noted = (n: number) =>
  `Answer ${n} has a note[^1] and another[^x].\n\n[^1]: Note one of answer ${n}.\n\n[^x]: Note x of answer ${n}.\n`
// Long: its start shown with "Show all", the notes drawn in their own section once the whole answer is.
const long = `The start has a note[^1].\n\n${Array.from({ length: 80 }, (_, i) => `Paragraph ${i} ${'word '.repeat(40)}`).join('\n\n')}\n\n[^1]: The note at the end.\n`

function conversation(): LastMessage[] {
  const out: LastMessage[] = []
  for (const text of [noted(1), noted(2), long]) {
    const question = message('Tell me.')
    out.push(question, message(text, { answers: question.node_api_data.node_message_hash }))
  }
  return out
}

/** The ids drawn more than once in the page. */
function duplicateIds(): string[] {
  const ids = [...document.querySelectorAll('[id]')].map((e) => e.id)
  return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))]
}

it('a conversation with answers with footnotes has no id twice; each number is described by its own answer’s heading', async () => {
  renderWithApp(listOf(conversation()))
  const answers = await screen.findAllByTestId('message-answer')
  expect(answers).toHaveLength(3)
  // The long answer's notes too (its start refers to one; "Show all" draws them in their section).
  fireEvent.click(within(answers[2]!).getByTestId('show-all'))
  await waitFor(() => expect(within(answers[2]!).getByText(/The note at the end/)).toBeTruthy(), { timeout: 10_000 })

  // Before: user-content-fn-1, user-content-fnref-1, user-content-fn-x, user-content-fnref-x and footnote-label, each 2-3 times.
  expect(duplicateIds()).toEqual([])
  for (const answer of answers) {
    const heading = within(answer).getByRole('heading', { name: 'Footnotes' })
    for (const number of answer.querySelectorAll('sup a')) {
      expect(number.getAttribute('aria-describedby')).toBe(heading.id)
      // Its note is in its answer.
      const note = answer.querySelector(`[id="${number.getAttribute('href')!.slice(1)}"]`)
      expect(note?.tagName).toBe('LI')
    }
  }

  // A number goes to its own answer's note, and the note back, with the focus.
  const second = within(answers[1]!).getByRole('link', { name: '2' })
  fireEvent.click(second)
  expect(document.activeElement?.textContent).toContain('Note x of answer 2')
  fireEvent.click(within(document.activeElement as HTMLElement).getByRole('link', { name: 'Back to reference 2' }))
  expect(document.activeElement).toBe(second)
})

it('an id prefix is made of any key, and two keys never share one', () => {
  const keys = ['a'.repeat(64), 'x y', 'x_y', 'x_20_y', 'é', '']
  const prefixes = keys.map(answerIdPrefix)
  expect(new Set(prefixes).size).toBe(keys.length)
  for (const p of prefixes) expect(p).toMatch(/^answer-[A-Za-z0-9_-]*-$/)
})

it("a model's own links to places go to its own answer's note as remark-rehype's default ids name it; others do nothing", () => {
  const text = (n: number) =>
    `Answer ${n}[^1]: [see the note](#fn-1), [the same](#user-content-fn-1), [top](#top).\n\n[^1]: Note of answer ${n}.\n`
  render(
    <MantineProvider>
      <AnswerText text={text(1)} idKey="one" />
      <AnswerText text={text(2)} idKey="two" />
    </MantineProvider>
  )
  for (const name of ['see the note', 'the same']) {
    fireEvent.click(screen.getAllByRole('link', { name })[1]!)
    expect(document.activeElement?.id).toBe(`${answerIdPrefix('two')}fn-1`)
    ;(document.activeElement as HTMLElement).blur()
  }
  fireEvent.click(screen.getAllByRole('link', { name: 'top' })[1]!)
  expect(document.activeElement).toBe(document.body)
})
