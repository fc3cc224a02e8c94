import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * The reader at the end of a conversation sees a new answer whole: as it streams in, when it is
 * stored, and when the provider fails. The list used to stop following once the row at its end grew
 * (the wait for an answer becoming its text), leaving the answer's end, or the error, below the fold.
 */

/** Pixels of the conversation below its visible part. */
const hidden = (page: import('@playwright/test').Page) =>
  page.getByTestId('message-list').evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight))

test('at 800 × 600 the conversation keeps its end in view while answers stream in, are stored, and fail', async ({ page, node }) => {
  await page.setViewportSize({ width: 800, height: 600 })
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: ['A short', ' answer.'], delayMs: 30 }
  for (let i = 1; i <= 4; i++) {
    await inbox.send(`Question ${i}`)
    await expect(inbox.answers()).toHaveCount(i)
    await expect.poll(() => hidden(page), `after answer ${i}`).toBeLessThanOrEqual(1)
  }

  node.fake.behaviour = { type: 'reply', chunks: Array.from({ length: 8 }, (_, k) => `Line ${k}.\n\n`), delayMs: 40 }
  await inbox.send('Question 5')
  await expect(inbox.answers()).toHaveCount(5)
  await expect(inbox.answers().last()).toContainText('Line 7.')
  await expect.poll(() => hidden(page), 'after a longer answer').toBeLessThanOrEqual(1)

  node.fake.behaviour = { type: 'status', status: 500, body: { error: { message: 'The server had an error' } } }
  await inbox.send('Question 6')
  const retry = page.getByRole('button', { name: 'Retry' })
  await expect(retry).toBeVisible()
  await expect.poll(() => hidden(page), 'after a failed answer').toBeLessThanOrEqual(1)
  await expect(retry).toBeInViewport({ ratio: 1 })
})

test('a reader who steps up a little while an answer streams is left there, not pulled back to the end', async ({ page, node }) => {
  await page.setViewportSize({ width: 800, height: 600 })
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: ['Earlier answer.'] }
  for (let i = 1; i <= 3; i++) {
    await inbox.send(`Question ${i}`)
    await expect(inbox.answers()).toHaveCount(i)
  }
  node.fake.behaviour = { type: 'reply', chunks: Array.from({ length: 60 }, (_, k) => `Line ${k}.\n\n`), delayMs: 80 }
  await inbox.send('Question 4')
  await expect(page.getByTestId('streaming-answer')).toContainText('Line 3.')
  // One arrow key's step up (40 px), from a control in the conversation that has the focus.
  await page
    .getByRole('button', { name: 'Copy answer' })
    .last()
    .evaluate((b: HTMLElement) => b.focus({ preventScroll: true }))
  await expect.poll(() => hidden(page)).toBeLessThanOrEqual(1)
  await page.keyboard.press('ArrowUp')
  // Up to 40 px: a line arriving during the key's smooth scroll can shorten it (21 px seen on a loaded machine).
  await expect.poll(() => hidden(page)).toBeGreaterThan(5)
  // Lines go on arriving below: the reader stays where they went.
  await expect(page.getByTestId('streaming-answer')).toContainText('Line 12.')
  expect(await hidden(page)).toBeGreaterThan(5)
})
