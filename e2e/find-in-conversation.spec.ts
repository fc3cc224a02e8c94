import { test as base, expect, type Page } from '@playwright/test'
import { seedInboxes } from '../bench/seed'
import type { ServeProcess } from '../test/support/serve-process'
import { openConversationAt, marked } from './conversation-probe'
import { seededServe } from './seeded-serve'

/*
 * Find in a conversation (Ctrl+F) reaches a message the window has not read: in a 5,000-message
 * conversation, a word only the oldest message holds is found (the older pages read for it), that
 * message scrolled into view and the word marked there; a rendered Markdown answer stays rendered,
 * its words marked in the text shown. The find is new: this failed before it existed (Ctrl+F did nothing).
 */
const MESSAGES = 5000
const INBOX = 'job_inbox::jobid_seed_0::false'

const test = base.extend<{ serve: ServeProcess }>({
  serve: seededServe('find', (store) => {
    seedInboxes(store, { inboxes: 1, messagesPerInbox: MESSAGES })
    const say = store.db.prepare(`UPDATE messages SET message_json = json_set(message_json, '$.job_message.content', ?) WHERE hash = ?`)
    say.run('Where do the Quokkas of Rottnest live?', 'seed0x0')
    say.run('## Rottnest\n\nThe **marsupial** lives on the island, with a `wallaby` cousin.', 'seed0x1')
  })
})

/** Whether the message is drawn wholly inside the list's view. */
const inView = (page: Page, hash: string) =>
  page.evaluate((h) => {
    const el = document.querySelector(`[data-hash="${h}"]`)
    const list = document.querySelector('[data-testid="message-list"]')!.getBoundingClientRect()
    if (!el) return false
    const r = el.getBoundingClientRect()
    return r.top >= list.top - 1 && r.bottom <= list.bottom + 1
  }, hash)

test('Ctrl+F finds a word only the oldest of 5,000 messages holds, scrolls to it and marks it; Markdown stays rendered', async ({
  page,
  serve
}) => {
  test.setTimeout(240_000)
  await page.goto(serve.uiUrl)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await openConversationAt(page, INBOX, `seed0x${MESSAGES - 1}`)
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.focus()

  await page.keyboard.press('Control+f')
  const find = page.getByRole('textbox', { name: 'Find in conversation' })
  await expect(find).toBeFocused()
  const started = Date.now()
  await find.fill('quokka')
  await expect(page.getByTestId('find-count')).toHaveText('1 of 1', { timeout: 120_000 })
  await expect.poll(() => inView(page, 'seed0x0'), { timeout: 30_000 }).toBe(true)
  const ms = Date.now() - started
  console.log(`found the oldest of ${MESSAGES} messages in ${ms} ms`)
  // Generous: 100 pages read over HTTP on a shared machine; a second on a quiet one.
  expect(ms).toBeLessThan(60_000)
  await expect(page.getByTestId('find-reading')).toBeHidden()
  // The word's beginning is marked, as the inbox list marks what its search found ("Quokka" of "Quokkas").
  await expect.poll(() => marked(page, 'find-current')).toEqual([{ text: 'Quokka', hash: 'seed0x0' }])

  // An answer in Markdown: still rendered (its heading and bold), the word marked in the text shown.
  await find.fill('marsupial island')
  await expect(page.getByTestId('find-count')).toHaveText('1 of 1')
  const answer = page.locator('[data-hash="seed0x1"]')
  await expect(answer.locator('strong')).toHaveText('marsupial')
  await expect(answer.getByRole('heading', { name: 'Rottnest' })).toBeVisible()
  await expect(answer).not.toContainText('**')
  await expect
    .poll(() => marked(page, 'find-current'))
    .toEqual([
      { text: 'marsupial', hash: 'seed0x1' },
      { text: 'island', hash: 'seed0x1' }
    ])

  // Escape closes the bar, the marks go, and the focus is back in the message box.
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('find-bar')).toBeHidden()
  await expect(box).toBeFocused()
  expect(await marked(page, 'find-current')).toEqual([])
})
