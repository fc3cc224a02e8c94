import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * Shift+Tab from the message box while a long answer streams in and fills the view: the focus goes to
 * the nearest control above (the earlier answer's Copy button). The list put its place back (kept for
 * Tab entries, see tab-into-list.ts) and left that control, the browser's own choice, out of sight.
 */
test('Shift+Tab into the conversation while a long answer streams keeps the focused control in view', async ({ page, node }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: ['A short answer.'] }
  await inbox.send('First question')
  await expect(inbox.answers()).toHaveCount(1)

  // About 9 s of words, a line every 30 ms: the answer outgrows the view and keeps growing.
  node.fake.behaviour = { type: 'reply', chunks: Array.from({ length: 300 }, (_, i) => `Line ${i} of a long answer.\n\n`), delayMs: 30 }
  await inbox.send('Second question')
  const list = page.getByTestId('message-list')
  // The streamed answer fills the view (and more): no control of the conversation is in it.
  await expect.poll(() => list.evaluate((l) => l.scrollHeight - l.clientHeight > 1200)).toBe(true)

  await page.getByRole('textbox', { name: 'Message', exact: true }).focus()
  await page.keyboard.press('Shift+Tab')
  const copy = inbox.answers().first().getByRole('button', { name: 'Copy answer' })
  await expect(copy).toBeFocused()
  // In view, and still in view as the words keep coming (checked over a second of them).
  const inView = () =>
    copy.evaluate((el) => {
      const v = el.closest('[data-testid="message-list"]')!.getBoundingClientRect()
      const r = el.getBoundingClientRect()
      return r.top >= v.top - 1 && r.bottom <= v.bottom + 1
    })
  for (let i = 0; i < 10; i++) {
    expect(await inView()).toBe(true)
    await page.waitForTimeout(100)
  }
  await expect(inbox.streaming()).toBeVisible() // the answer was still streaming throughout
})
