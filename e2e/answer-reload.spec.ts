import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

test('reloading the window while an answer streams shows an answer in progress (not a fragment that reads as the answer), then the whole answer', async ({
  page,
  node
}) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: Array.from({ length: 40 }, (_, i) => `part${i} `), delayMs: 150 }
  await inbox.send('Write slowly')
  // Watched from its start in this window: its text as it grows.
  await expect(inbox.streaming()).toContainText('part0 part1 part2')

  await page.reload()
  const inProgress = page.getByTestId('answer-in-progress')
  await expect(inProgress).toContainText('An answer is being written.')
  // What reaches the reloaded window is the answer's end only: it is not shown as if it were the answer.
  await expect(inbox.streaming()).toHaveCount(0)
  await expect(page.getByText(/part2\d/)).toHaveCount(0)
  // Stop still works on it.
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible()

  // Once stored, the whole answer, from its first word.
  await expect(inbox.answers()).toContainText(['part0 part1 part2'], { timeout: 15_000 })
  await expect(inbox.answers().last()).toContainText('part39')
  await expect(inProgress).toHaveCount(0)
})
