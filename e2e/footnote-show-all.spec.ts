import { test as base, expect } from '@playwright/test'
import { seedInboxes } from '../bench/seed'
import type { ServeProcess } from '../test/support/serve-process'
import { openConversationAt } from './conversation-probe'
import { seededServe } from './seeded-serve'

/*
 * A long answer shows its start and "Show all". A footnote's number in the start whose note is in the rest (notes are
 * at the answer's end) did nothing when clicked. It shows the whole answer, as "Show all" does, then goes to the note
 * (in view, with the focus); the note's ↩ goes back to the number.
 */
const INBOX = 'job_inbox::jobid_seed_0::false'
const PARAGRAPHS = Array.from({ length: 150 }, (_, i) => `Paragraph ${i} ${'word '.repeat(40)}`).join('\n\n')

const test = base.extend<{ serve: ServeProcess }>({
  serve: seededServe('footnote-show-all', (store) => {
    seedInboxes(store, { inboxes: 1, messagesPerInbox: 2 })
    const say = store.db.prepare(`UPDATE messages SET message_json = json_set(message_json, '$.job_message.content', ?) WHERE hash = ?`)
    say.run('Tell me a lot.', 'seed0x0')
    say.run(`The start has a note[^1].\n\n${PARAGRAPHS}\n\n[^1]: The note at the end.\n`, 'seed0x1')
  })
})

test("a footnote number in a long answer's start shows the whole answer and goes to its note, and back", async ({ page, serve }) => {
  await page.goto(serve.uiUrl)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await openConversationAt(page, INBOX, 'seed0x1')
  const answer = page.locator('[data-hash="seed0x1"]')
  await expect(answer.getByTestId('show-all')).toBeVisible()
  await expect(answer.getByText('The note at the end.')).toHaveCount(0)

  const number = answer.locator('sup').getByRole('link', { name: '1' })
  await number.scrollIntoViewIfNeeded()
  await number.click()
  await expect(answer.getByTestId('show-all')).toHaveCount(0)
  const note = answer.locator(`li[id$="-fn-1"]`)
  await expect(note).toBeFocused()
  await expect(note).toContainText('The note at the end.')
  await expect(note).toBeInViewport()
  await expect(answer.getByText(/^Paragraph 149/)).toBeAttached()

  await note.getByRole('link', { name: 'Back to reference 1' }).click()
  await expect(number).toBeFocused()
  await expect(number).toBeInViewport()
})
