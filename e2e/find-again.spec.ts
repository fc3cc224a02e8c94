import { test as base, expect, type Page } from '@playwright/test'
import { seedInboxes } from '../bench/seed'
import type { ServeProcess } from '../test/support/serve-process'
import { openConversationAt } from './conversation-probe'
import { seededServe } from './seeded-serve'

/*
 * Find in a conversation (Ctrl+F) with a single match: the operator scrolled away from it, then pressed
 * Enter (or Next) to go to it again, as a browser's find does; nothing happened, since the match was
 * already the current one and the list scrolls to a match only when the current one changes.
 */
const MESSAGES = 200
const INBOX = 'job_inbox::jobid_seed_0::false'

const test = base.extend<{ serve: ServeProcess }>({
  serve: seededServe('find-again', (store) => {
    seedInboxes(store, { inboxes: 1, messagesPerInbox: MESSAGES })
    const say = store.db.prepare(`UPDATE messages SET message_json = json_set(message_json, '$.job_message.content', ?) WHERE hash = ?`)
    say.run('Where do the Quokkas of Rottnest live?', `seed0x${MESSAGES - 40}`)
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

test('the only match, scrolled away from: Enter and Next in the find bar scroll back to it', async ({ page, serve }) => {
  test.setTimeout(120_000)
  await page.goto(serve.uiUrl)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await openConversationAt(page, INBOX, `seed0x${MESSAGES - 1}`)
  await page.getByRole('textbox', { name: 'Message' }).focus()
  await page.keyboard.press('Control+f')
  const find = page.getByRole('textbox', { name: 'Find in conversation' })
  await find.fill('quokka')
  await expect(page.getByTestId('find-count')).toHaveText('1 of 1', { timeout: 60_000 })
  const match = `seed0x${MESSAGES - 40}`
  // All read, before the list is scrolled away from the match.
  await expect(page.getByTestId('find-reading')).toBeHidden()

  const scrollAway = async () => {
    await page.getByTestId('message-list').evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
    await expect.poll(() => inView(page, match)).toBe(false)
  }
  await scrollAway()
  await find.press('Enter')
  await expect.poll(() => inView(page, match)).toBe(true)
  await expect(page.getByTestId('find-count')).toHaveText('1 of 1')

  await scrollAway()
  await page.getByRole('button', { name: 'Next match (newer)' }).click()
  await expect.poll(() => inView(page, match)).toBe(true)
})

test('the first match found while older pages still come in is drawn in view, and stays so as they are read', async ({ page, serve }) => {
  test.setTimeout(120_000)
  await page.goto(serve.uiUrl)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await openConversationAt(page, INBOX, `seed0x${MESSAGES - 1}`)
  await page.getByRole('textbox', { name: 'Message' }).focus()
  await page.keyboard.press('Control+f')
  await page.getByRole('textbox', { name: 'Find in conversation' }).fill('quokka')
  await expect(page.getByTestId('find-count')).toHaveText('1 of 1', { timeout: 60_000 })
  const match = `seed0x${MESSAGES - 40}`
  await expect.poll(() => inView(page, match), { timeout: 10_000 }).toBe(true)
  // Every older page read (each prepended above the match): the match is still the one in view.
  await expect(page.getByTestId('find-reading')).toBeHidden({ timeout: 60_000 })
  await expect.poll(() => inView(page, match), { timeout: 10_000 }).toBe(true)
})
