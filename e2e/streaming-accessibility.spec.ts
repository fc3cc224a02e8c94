import { seriousViolations } from './axe'
import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * The conversation while an answer streams in is the screen an operator looks at most. Its "Answer
 * in progress" loader carried an aria-label on an element with no role, which assistive technology
 * ignores (axe: aria-prohibited-attr, serious): the wait went unnamed.
 */
test('a conversation while its answer streams has no serious accessibility finding, and names the answer in progress', async ({
  page,
  node
}) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: Array.from({ length: 40 }, (_, k) => `Line ${k}.\n\n`), delayMs: 100 }
  await inbox.send('A question')
  await expect(page.getByTestId('streaming-answer')).toContainText('Line 2.')
  await expect(page.getByRole('img', { name: 'Answer in progress' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await expect(inbox.answers()).toHaveCount(1, { timeout: 15_000 })
})
