import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * Regenerate and Retry from the keyboard: once the new answer is stored, the focus is still on the
 * answer's controls (its Regenerate button), not dropped to the page's start.
 */

const focused = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    return !el || el === document.body ? 'body' : (el.getAttribute('aria-label') ?? el.textContent ?? '').trim()
  })

test('Regenerate pressed from the keyboard keeps the focus on the answer once the new one is stored', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: ['First', ' answer'] }
  await inbox.send('A question')
  await expect(inbox.answers()).toContainText('First answer')
  node.fake.behaviour = { type: 'reply', chunks: ['Second', ' answer'], delayMs: 100 }
  const regenerate = page.getByRole('button', { name: 'Regenerate' })
  // Offered (not greyed) once the first answer is over.
  await expect(regenerate).not.toHaveAttribute('aria-disabled', 'true')
  await regenerate.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('answer-position')).toHaveText('2/2')
  await expect(inbox.answers()).toContainText('Second answer')
  await expect.poll(() => focused(page)).toBe('Regenerate')
  // The keys go on from there: the earlier answer is one Shift+Tab away (the later one is the last, disabled).
  await page.keyboard.press('Shift+Tab')
  await expect.poll(() => focused(page)).toBe('Earlier answer')
})

test('Retry pressed from the keyboard on a failed answer leaves the focus on the answer that replaced it', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'status', status: 500, body: { error: { message: 'overloaded' } } }
  await inbox.send('A question')
  const retry = page.getByRole('button', { name: 'Retry' })
  await expect(retry).toBeVisible({ timeout: 30_000 })
  await expect(retry).not.toHaveAttribute('aria-disabled', 'true')
  node.fake.behaviour = { type: 'reply', chunks: ['Now', ' it works'], delayMs: 100 }
  await retry.focus()
  await page.keyboard.press('Enter')
  await expect(inbox.answers()).toContainText('Now it works')
  await expect.poll(() => focused(page)).toBe('Regenerate')
})
