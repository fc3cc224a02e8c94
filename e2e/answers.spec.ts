import { expect, test } from './fixtures/node'
import { InboxListPage, openNewJobInbox } from './pages/inbox'

test('a failing provider shows a marked error with Retry; Stop keeps the partial answer', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)

  node.fake.behaviour = { type: 'status', status: 401, body: { error: { message: 'Incorrect API key provided' } } }
  await inbox.send('Are you there?')
  const error = page.getByTestId('message-error')
  await expect(error).toContainText('rejected the API key (HTTP 401: "Incorrect API key provided')
  node.fake.behaviour = { type: 'reply', chunks: ['Yes, ', 'I am.'] }
  await error.getByRole('button', { name: 'Retry' }).click()
  await expect(inbox.answers()).toContainText(['Yes, I am.'])
  // The retry answered the same question again (it is not asked twice); the failed attempt it replaced
  // is not an answer of its own: it is not shown any more, nor counted.
  await expect(inbox.questions()).toHaveCount(1)
  await expect(page.getByTestId('message-error')).toHaveCount(0)
  await expect(page.getByTestId('answer-nav')).toHaveCount(0)

  node.fake.behaviour = { type: 'stall', chunks: ['Half of ', 'an answer'] }
  await inbox.send('Tell me a long story')
  await expect(inbox.streaming()).toContainText('Half of an answer')
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  await expect(inbox.answers().last()).toContainText('Half of an answer')
  await expect(inbox.answers().last()).toContainText('stopped')
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0)

  await page.getByRole('link', { name: 'Inboxes' }).click()
  await expect(new InboxListPage(page).previews()).toHaveText(['Answer stopped: Half of an answer'])
})
