import { test as base, expect } from '@playwright/test'
import { seedInboxes } from '../bench/seed'
import type { ServeProcess } from '../test/support/serve-process'
import { duplicateIdFindings, wcagViolations } from './axe'
import { openConversationAt } from './conversation-probe'
import { seededServe } from './seeded-serve'

/*
 * Every answer with footnotes wrote the same ids (user-content-fn-1, user-content-fnref-1, footnote-label): a
 * conversation with two of them had each id twice, which axe reports (duplicate-id-aria, critical, as needing review:
 * each number's aria-describedby named the first answer's heading "Footnotes"). Each answer's ids are its own. And the
 * notes' heading (h4 then) came right under the conversation's title (h2): a level skipped (heading-order).
 */
const INBOX = 'job_inbox::jobid_seed_0::false'
const noted = (n: number) =>
  `Answer ${n} has a note[^1] and another[^2].\n\n[^1]: Note one of answer ${n}.\n\n[^2]: Note two of answer ${n}.\n`

const test = base.extend<{ serve: ServeProcess }>({
  serve: seededServe('footnote-ids-axe', (store) => {
    seedInboxes(store, { inboxes: 1, messagesPerInbox: 4 })
    const say = store.db.prepare(`UPDATE messages SET message_json = json_set(message_json, '$.job_message.content', ?) WHERE hash = ?`)
    say.run('Tell me one thing.', 'seed0x0')
    say.run(noted(1), 'seed0x1')
    say.run('And another.', 'seed0x2')
    say.run(noted(2), 'seed0x3')
  })
})

test('a conversation with two answers with footnotes has no id twice and no axe finding, in light and dark', async ({ page, serve }) => {
  await page.setViewportSize({ width: 1500, height: 900 })
  await page.goto(serve.uiUrl)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await openConversationAt(page, INBOX, 'seed0x3')
  for (const hash of ['seed0x1', 'seed0x3']) {
    const answer = page.locator(`[data-testid="message-answer"][data-hash="${hash}"]`)
    await expect(answer.getByRole('heading', { name: 'Footnotes' })).toBeAttached()
    await expect(answer.locator('sup a')).toHaveCount(2)
  }
  const duplicates = await page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((e) => e.id)
    return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))]
  })
  expect(duplicates).toEqual([])
  // axe leaves these "to review" (not among the violations): before, each of the five ids.
  expect(await duplicateIdFindings(page)).toEqual([])

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    await page.mouse.move(0, 0)
    await page.waitForTimeout(200)
    expect(await wcagViolations(page), scheme).toEqual([])
  }

  // The second answer's number goes to its own note, and back.
  const second = page.locator('[data-hash="seed0x3"]')
  const number = second.locator('sup').getByRole('link', { name: '2' })
  await number.click()
  await expect(second.locator('li').filter({ hasText: 'Note two of answer 2' })).toBeFocused()
  await second.getByRole('link', { name: 'Back to reference 2' }).click()
  await expect(number).toBeFocused()
})
