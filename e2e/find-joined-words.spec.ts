import { test as base, expect } from '@playwright/test'
import { seedInboxes } from '../bench/seed'
import type { ServeProcess } from '../test/support/serve-process'
import { openConversationAt, marked } from './conversation-probe'
import { seededServe } from './seeded-serve'

/*
 * Find in a conversation (Ctrl+F) finds a word as the answer shows it, where Markdown's marks cut it in two in
 * the stored text, and marks it there: `**foo**_bar_` reads "foobar", `<https://a.b/c>d` "https://a.b/cd".
 * Both found nothing before (find-quick.ts said no: it joined words across one kind of mark at a time,
 * and not across an autolink's brackets).
 */
const INBOX = 'job_inbox::jobid_seed_0::false'

const test = base.extend<{ serve: ServeProcess }>({
  serve: seededServe('find-joined', (store) => {
    seedInboxes(store, { inboxes: 1, messagesPerInbox: 4 })
    const say = store.db.prepare(`UPDATE messages SET message_json = json_set(message_json, '$.job_message.content', ?) WHERE hash = ?`)
    say.run('Spell it for me', 'seed0x0')
    say.run('It is x **wombat**_burrow_ here.', 'seed0x1')
    say.run('And the address?', 'seed0x2')
    say.run('See <https://a.example/quo>kka now.', 'seed0x3')
  })
})

test('Ctrl+F finds and marks a word shown joined across emphasis after emphasis, and after an autolink', async ({ page, serve }) => {
  await page.goto(serve.uiUrl)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await openConversationAt(page, INBOX, 'seed0x3')
  await page.getByRole('textbox', { name: 'Message' }).focus()
  await page.keyboard.press('Control+f')
  const find = page.getByRole('textbox', { name: 'Find in conversation' })
  const count = page.getByTestId('find-count')

  await find.fill('wombatburrow')
  await expect(count).toHaveText('1 of 1')
  // Drawn as Markdown (bold, then emphasis), the mark over both parts.
  const answer = page.locator('[data-hash="seed0x1"]')
  await expect(answer.locator('strong')).toHaveText('wombat')
  await expect(answer.locator('em')).toHaveText('burrow')
  await expect.poll(() => marked(page, 'find-current')).toEqual([{ text: 'wombatburrow', hash: 'seed0x1' }])

  await find.fill('quokka')
  await expect(count).toHaveText('1 of 1')
  await expect(page.locator('[data-hash="seed0x3"]').getByRole('link', { name: 'https://a.example/quo' })).toBeVisible()
  await expect.poll(() => marked(page, 'find-current')).toEqual([{ text: 'quokka', hash: 'seed0x3' }])

  await find.fill('https://a.example/quokka')
  await expect(count).toHaveText('1 of 1')
  await expect
    .poll(() => marked(page, 'find-current'))
    .toEqual(['https', 'a', 'example', 'quokka'].map((text) => ({ text, hash: 'seed0x3' })))

  // Words the screen shows apart stay apart: "burrow" only begins inside the joined word.
  await find.fill('burrow')
  await expect(count).toHaveText('No matches')
})
