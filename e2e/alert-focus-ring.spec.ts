import { expect, test } from './fixtures/node'
import { ringClippedBy } from './focus-ring'
import { openNewJobInbox } from './pages/inbox'

test('the focus ring of Retry under a failed answer shows whole, not cut by the note around it', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'status', status: 400, body: { error: { message: 'The model crashed.' } } }
  await inbox.send('Will this work?')
  const note = page.getByTestId('message-error')
  await expect(note).toContainText('The model crashed.')
  const retry = note.getByRole('button', { name: 'Retry' })
  await retry.focus()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Tab') // focused from the keyboard: the ring is drawn
  await expect(retry).toBeFocused()
  expect(await retry.evaluate((b) => getComputedStyle(b).outlineStyle)).not.toBe('none')
  expect(await ringClippedBy(retry)).toEqual([])
})
