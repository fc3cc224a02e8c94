import { expect, test } from './fixtures/node'
import { InboxListPage, openNewJobInbox } from './pages/inbox'

/*
 * An answer the operator stopped is kept, marked by the node with job_message.stopped. Wherever the window
 * mentions the latest message it says the answer was stopped, as it says a failed one failed: in the
 * conversation list beside the open conversation, in the inbox list and in a search hit quoting it. Its
 * partial text alone read as a whole answer ("now · Stalling").
 */

test('a stopped answer is said to be stopped: in the conversation list, in the inbox list and in its search', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'stall', chunks: ['Stalling ', 'lighthouse'] }
  await inbox.send('Name a colour')
  await expect(inbox.streaming()).toContainText('Stalling lighthouse')
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  await expect(inbox.answers().last()).toContainText('stopped')

  const said = 'Answer stopped: Stalling lighthouse'
  await expect(page.getByTestId('answer-announcement')).toHaveText(said)
  const list = page.getByRole('navigation', { name: 'Conversations' })
  await expect(list.getByTestId('conversation-detail')).toHaveText(`now · ${said}`)

  await page.evaluate(() => (location.hash = '#/inboxes'))
  const preview = new InboxListPage(page).previews()
  await expect(preview).toHaveText(said)
  await expect(preview).toHaveAttribute('data-state', 'stopped')

  // Found by a word of the stopped answer, the search hit quoting it says the same first.
  await page.getByRole('textbox', { name: 'Search inboxes' }).fill('lighthouse')
  const snippet = page.getByTestId('inbox-snippet')
  await expect(snippet).toHaveText(said)
  await expect(snippet).toHaveAttribute('data-state', 'stopped')
  await expect(snippet.locator('mark')).toHaveText('lighthouse')
})

test('an answer stopped before its first word is said so in the conversation list and the inbox list, as in the conversation', async ({
  page,
  node
}) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'hang' }
  await inbox.send('Name a colour')
  await expect(page.getByText('Waiting for the provider…')).toBeVisible()
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  await expect(inbox.answers().last()).toContainText('Stopped before the provider wrote anything.')

  const said = 'Answer stopped before the provider wrote anything'
  await expect(page.getByTestId('answer-announcement')).toHaveText(`${said}.`)
  const list = page.getByRole('navigation', { name: 'Conversations' })
  await expect(list.getByTestId('conversation-detail')).toHaveText(`now · ${said}`)
  await page.evaluate(() => (location.hash = '#/inboxes'))
  await expect(new InboxListPage(page).previews()).toHaveText(said)
})
