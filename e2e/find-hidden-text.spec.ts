import { test as base, expect, type Page } from '@playwright/test'
import { seedInboxes } from '../bench/seed'
import type { ServeProcess } from '../test/support/serve-process'
import { openConversationAt } from './conversation-probe'
import { seededServe } from './seeded-serve'

/*
 * Find in a conversation (Ctrl+F) going to a word the conversation hides: in the part of a long answer
 * that its preview hides ("Show all"), the answer is shown whole and the word itself is scrolled into
 * view and marked; in an answer version not shown (‹ 2/2 ›), that version is shown and the word marked.
 * Each was counted and its row scrolled to, but the word stayed hidden.
 */
const MESSAGES = 40
const INBOX = 'job_inbox::jobid_seed_0::false'
const filler = Array.from(
  { length: 40 },
  (_, i) => `Paragraph ${i} of a long answer, about nothing in particular, written to fill the space.`
).join('\n\n')

const test = base.extend<{ serve: ServeProcess }>({
  serve: seededServe('find-hidden', (store) => {
    seedInboxes(store, { inboxes: 1, messagesPerInbox: MESSAGES })
    const say = store.db.prepare(`UPDATE messages SET message_json = json_set(message_json, '$.job_message.content', ?) WHERE hash = ?`)
    say.run(`${filler}\n\nThe **wallaby** hides at the very end.`, 'seed0x1')
    // A question answered twice (Regenerate): "A quokka." first, "A wombat." shown as the latest (2/2).
    say.run('Name a marsupial', 'seed0x2')
    const answer = store.db.prepare(
      `UPDATE messages SET role = 'answer', message_json = json_set(message_json, '$.job_message.content', ?, '$.job_message.parent', 'seed0x2', '$.sender_subidentity', 'main/agent/bench') WHERE hash = ?`
    )
    answer.run('A quokka.', 'seed0x3')
    answer.run('A wombat.', 'seed0x4')
    // The latest attempt to answer a question failed: its note is shown, with Retry.
    store.db
      .prepare(
        `UPDATE messages SET role = 'error', message_json = json_set(message_json, '$.job_message.content', ?, '$.job_message.parent', 'seed0x6', '$.job_message.error', json('{"kind":"timeout"}'), '$.sender_subidentity', 'main/agent/bench') WHERE hash = ?`
      )
      .run('⚠ The provider took too long: the platypus timed out.', 'seed0x7')
  })
})

/** The text of each range of the current match's highlight, its message, and whether it is inside the list's view. */
const currentMarks = (page: Page) =>
  page.evaluate(() => {
    const view = document.querySelector('[data-testid="message-list"]')!.getBoundingClientRect()
    return [...((CSS.highlights.get('find-current') as Set<Range> | undefined) ?? [])].map((r) => {
      const at = r.getBoundingClientRect()
      return {
        text: r.toString(),
        hash: (r.startContainer.parentElement!.closest('[data-found-text]') as HTMLElement).dataset.foundText,
        inView: at.height > 0 && at.top >= view.top - 1 && at.bottom <= view.bottom + 1
      }
    })
  })

test('Ctrl+F to a word hidden behind "Show all" shows the whole answer and scrolls to the word', async ({ page, serve }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(serve.uiUrl)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await openConversationAt(page, INBOX, `seed0x${MESSAGES - 1}`)
  await page.getByRole('textbox', { name: 'Message' }).focus()

  await page.keyboard.press('Control+f')
  await page.getByRole('textbox', { name: 'Find in conversation' }).fill('wallaby')
  await expect(page.getByTestId('find-count')).toHaveText('1 of 1', { timeout: 30_000 })
  const answer = page.locator('[data-hash="seed0x1"]')
  await expect(answer.getByText('The wallaby hides at the very end.')).toBeAttached()
  await expect(answer.getByTestId('show-all')).toHaveCount(0)
  await expect.poll(() => currentMarks(page), { timeout: 10_000 }).toEqual([{ text: 'wallaby', hash: 'seed0x1', inView: true }])
})

test('Ctrl+F to a word of an answer version not shown shows that version and marks the word', async ({ page, serve }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(serve.uiUrl)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await openConversationAt(page, INBOX, `seed0x${MESSAGES - 1}`)
  await page.getByRole('textbox', { name: 'Message' }).focus()

  await page.keyboard.press('Control+f')
  await page.getByRole('textbox', { name: 'Find in conversation' }).fill('quokka')
  await expect(page.getByTestId('find-count')).toHaveText('1 of 1', { timeout: 30_000 })
  await expect(page.locator('[data-hash="seed0x3"]').getByTestId('answer-position')).toHaveText('1/2')
  await expect.poll(() => currentMarks(page), { timeout: 10_000 }).toEqual([{ text: 'quokka', hash: 'seed0x3', inView: true }])
})

test("Ctrl+F to a word of a failed attempt's note marks it in the note shown", async ({ page, serve }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(serve.uiUrl)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await openConversationAt(page, INBOX, `seed0x${MESSAGES - 1}`)
  await page.getByRole('textbox', { name: 'Message' }).focus()

  await page.keyboard.press('Control+f')
  await page.getByRole('textbox', { name: 'Find in conversation' }).fill('platypus')
  await expect(page.getByTestId('find-count')).toHaveText('1 of 1', { timeout: 30_000 })
  await expect(page.getByTestId('message-error').filter({ hasText: 'platypus' })).toBeVisible()
  await expect.poll(() => currentMarks(page), { timeout: 10_000 }).toEqual([{ text: 'platypus', hash: 'seed0x7', inView: true }])
})
