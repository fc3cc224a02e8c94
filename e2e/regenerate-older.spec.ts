import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

test('regenerating an earlier answer streams it under its own question, not under the newest one', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: ['About apples.'] }
  await inbox.send('Tell me about apples')
  await expect(inbox.answers()).toHaveText([/About apples\./])
  node.fake.behaviour = { type: 'reply', chunks: ['About pears.'] }
  await inbox.send('Tell me about pears')
  await expect(inbox.answers()).toHaveText([/About apples\./, /About pears\./])

  node.fake.behaviour = { type: 'stall', chunks: ['Apples, ', 'again'] }
  await page.getByRole('button', { name: 'Regenerate' }).first().click()
  await expect(inbox.streaming()).toContainText('Apples, again')
  // Rows top to bottom: the apples question, its answer, the answer being written, then the pears question.
  const order = await page
    .getByTestId('message-list')
    .locator('[data-index]')
    .evaluateAll((rows) =>
      rows
        .sort((a, b) => Number((a as HTMLElement).dataset.index) - Number((b as HTMLElement).dataset.index))
        .map((r) => r.querySelector('[data-testid]')?.getAttribute('data-testid') + ' ' + (r.textContent ?? '').slice(0, 13))
    )
  expect(order).toEqual([
    'message-question Tell me about',
    'message-answer About apples.',
    'streaming-answer Apples, again',
    'message-question Tell me about',
    'message-answer About pears.g'
  ])
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  await expect(page.getByTestId('answer-position')).toHaveText('2/2')
})
