import { expect, test } from './fixtures/node'
import { InboxListPage, openNewJobInbox } from './pages/inbox'

/*
 * A provider that fails leaves an error note in the inbox (marked by the node with job_message.error).
 * It is told as the failure it is wherever the window mentions the latest message: spoken, in the
 * conversation list beside the open conversation, in the inbox list, and in a search hit quoting it.
 * Never as the model's answer.
 */

test('a failed answer is said to have failed: spoken, in the conversation list, in the inbox list and in its search', async ({
  page,
  node
}) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.queue = [{ type: 'status', status: 500, body: { error: { message: 'boom' } } }]
  await inbox.send('Name a colour')
  await expect(page.getByTestId('message-error')).toContainText('boom')

  const failed = /^Answer failed: The OpenAI-compatible server at \S+ failed \(HTTP 500: "boom"\)/
  await expect(page.getByTestId('answer-announcement')).toHaveText(failed)
  const list = page.getByRole('navigation', { name: 'Conversations' })
  await expect(list.getByTestId('conversation-detail')).toHaveText(/^now · Answer failed: The OpenAI-compatible server/)

  await page.evaluate(() => (location.hash = '#/inboxes'))
  const preview = new InboxListPage(page).previews()
  await expect(preview).toHaveText(failed)
  await expect(preview).toHaveAttribute('data-state', 'error')

  // Found by a word of the note, the search hit quoting it says the same first.
  await page.getByRole('textbox', { name: 'Search inboxes' }).fill('boom')
  const snippet = page.getByTestId('inbox-snippet')
  await expect(snippet).toHaveText(/^Answer failed: ….*failed \(HTTP 500: "boom"\)/)
  await expect(snippet).toHaveAttribute('data-state', 'error')
  await expect(snippet.locator('mark')).toHaveText('boom')
})
