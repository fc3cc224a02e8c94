import { test as base, expect } from '@playwright/test'
import { seedInboxes } from '../bench/seed'
import type { ServeProcess } from '../test/support/serve-process'
import { openConversationAt, marked } from './conversation-probe'
import { seededServe } from './seeded-serve'

/*
 * Find in a conversation (Ctrl+F) finds what an answer with a footnote shows, and marks it there: `wom[^1]bat` is
 * drawn "wom1bat" (the 1 a superscript link), the note at the answer's end. Before, "wom1bat" found nothing (the text
 * matched left the reference out). The notes' heading "Footnotes" is for screen readers only (class sr-only, as GitHub
 * writes it): it showed as a large heading, and was found and marked; it is hidden from sight, neither found nor marked.
 */
const INBOX = 'job_inbox::jobid_seed_0::false'

const test = base.extend<{ serve: ServeProcess }>({
  serve: seededServe('find-footnotes', (store) => {
    seedInboxes(store, { inboxes: 1, messagesPerInbox: 2 })
    const say = store.db.prepare(`UPDATE messages SET message_json = json_set(message_json, '$.job_message.content', ?) WHERE hash = ?`)
    say.run('Where do they live?', 'seed0x0')
    say.run('See wom[^1]bat here.\n\n[^1]: A burrow note.', 'seed0x1')
  })
})

test('Ctrl+F finds and marks a word with a footnote number as drawn and the note; the "Footnotes" heading is for screen readers only', async ({
  page,
  serve
}) => {
  await page.goto(serve.uiUrl)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await openConversationAt(page, INBOX, 'seed0x1')
  await page.getByRole('textbox', { name: 'Message' }).focus()
  await page.keyboard.press('Control+f')
  const find = page.getByRole('textbox', { name: 'Find in conversation' })
  const count = page.getByTestId('find-count')
  const answer = page.locator('[data-hash="seed0x1"]')
  // Drawn: the number as a superscript link, the note shown under the answer.
  await expect(answer.locator('p').first()).toHaveText('See wom1bat here.')
  await expect(answer.locator('sup').getByRole('link', { name: '1' })).toBeVisible()
  await expect(answer.getByText(/A burrow note\./)).toBeVisible()
  // The heading: in the accessibility tree, drawn in a 1 px box clipped to nothing (before: a 20 px heading).
  const heading = answer.getByRole('heading', { name: 'Footnotes' })
  await expect(heading).toBeAttached()
  await expect(heading).toHaveCSS('clip-path', 'inset(50%)')
  const box = await heading.boundingBox()
  expect(box && box.width <= 1 && box.height <= 1).toBe(true)
  expect(await answer.ariaSnapshot()).toContain('heading "Footnotes"')

  await find.fill('wom1bat')
  await expect(count).toHaveText('1 of 1')
  await expect.poll(() => marked(page, 'find-current')).toEqual([{ text: 'wom1bat', hash: 'seed0x1' }])

  // What the screen does not show is not found: the number stands between the letters.
  await find.fill('wombat')
  await expect(count).toHaveText('No matches')

  await find.fill('burrow')
  await expect(count).toHaveText('1 of 1')
  await expect.poll(() => marked(page, 'find-current')).toEqual([{ text: 'burrow', hash: 'seed0x1' }])

  // The hidden heading is not the answer's text as shown: before, found and marked.
  await find.fill('footnotes')
  await expect(count).toHaveText('No matches')
  await expect.poll(() => marked(page, 'find-current')).toEqual([])
})
