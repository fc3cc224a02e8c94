import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * A question sent while the operator reads further up the conversation: the view goes to the end,
 * where the question and its answer are, instead of the Send seeming to do nothing.
 */
test('sending while scrolled up shows the question sent and its answer', async ({ page, node }) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: Array.from({ length: 40 }, (_, i) => `Line ${i}.\n\n`) }
  for (const q of ['First question', 'Second question']) {
    await inbox.send(q)
    await expect(inbox.answers()).toHaveCount(q === 'First question' ? 1 : 2)
  }
  await expect(inbox.streaming()).toHaveCount(0)
  // The stored answer replacing the streamed one is measured by the list in the frames after it: a scroll
  // written before the list's scroll event can be taken for the list still at its end (a window of a few
  // milliseconds no hand meets, a loaded test machine did). The reader scrolls up again, as one would.
  const list = page.getByTestId('message-list')
  await expect(async () => {
    await list.evaluate((el) => el.scrollTo({ top: 0 }))
    await expect(inbox.questions().filter({ hasText: 'First question' })).toBeInViewport({ timeout: 1000 })
  }).toPass()

  node.fake.behaviour = { type: 'reply', chunks: ['The answer to the third.'] }
  await inbox.send('Third question')
  await expect(inbox.questions().filter({ hasText: 'Third question' })).toBeInViewport()
  await expect(inbox.answers().filter({ hasText: 'The answer to the third.' })).toBeInViewport()
})
