import { test as base, expect } from '@playwright/test'
import { seedInboxes } from '../bench/seed'
import type { ServeProcess } from '../test/support/serve-process'
import { openConversationAt } from './conversation-probe'
import { seededServe } from './seeded-serve'

/*
 * A narrow window shows the conversations as a drawer over the conversation. Ctrl+F typed in it was
 * left to the browser's own find (it sees only the rows drawn; Electron has none, so nothing happened):
 * the drawer is a dialog, whose keys the conversation's find leaves alone. Now the drawer closes and
 * the find opens on the conversation, its box focused.
 */
const MESSAGES = 60
const INBOX = 'job_inbox::jobid_seed_0::false'

const test = base.extend<{ serve: ServeProcess }>({
  serve: seededServe('find-drawer', (store) => {
    seedInboxes(store, { inboxes: 2, messagesPerInbox: MESSAGES })
    const say = store.db.prepare(`UPDATE messages SET message_json = json_set(message_json, '$.job_message.content', ?) WHERE hash = ?`)
    say.run('Where do the Quokkas of Rottnest live?', `seed0x${MESSAGES - 3}`)
  })
})

test.use({ viewport: { width: 800, height: 600 } })

test('Ctrl+F in the Conversations drawer closes it and opens the find on the conversation', async ({ page, serve }) => {
  test.setTimeout(120_000)
  await page.goto(serve.uiUrl)
  await openConversationAt(page, INBOX, `seed0x${MESSAGES - 1}`)
  await page.getByRole('button', { name: 'Conversations', exact: true }).click()
  const drawer = page.getByRole('dialog', { name: 'Conversations' })
  await expect(drawer.getByRole('link').first()).toBeVisible()
  await expect(page.locator(':focus')).toHaveCount(1)
  expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true)

  await page.keyboard.press('Control+f')
  await expect(drawer).toBeHidden()
  const find = page.getByRole('textbox', { name: 'Find in conversation' })
  await expect(find).toBeFocused()
  // The drawer, once closed, does not take the focus back to its button.
  await page.waitForTimeout(500)
  await expect(find).toBeFocused()
  await page.keyboard.type('quokka')
  await expect(page.getByTestId('find-count')).toHaveText('1 of 1')

  // Escape: the drawer's row is gone, the focus goes to the message box.
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('find-bar')).toBeHidden()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
})
