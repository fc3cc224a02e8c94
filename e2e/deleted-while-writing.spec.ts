import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * The open conversation is deleted elsewhere (another window, a script) while the operator is writing
 * in it. The view says it was deleted; what had been typed went with the conversation's draft, unseen
 * and unrecoverable. It is shown in the notice now, with a way to copy it.
 */
test('the open conversation deleted elsewhere while a message is being written: the notice keeps the message to copy', async ({
  page,
  node
}) => {
  await openNewJobInbox(page, node)
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  const written = 'Please compare the two offers line by line and list what the second one leaves out.'
  await box.fill(written)
  const inboxId = decodeURIComponent(new URL(page.url()).hash.replace('#/inboxes/', ''))
  const jobId = inboxId.split('::')[1]!
  const removed = await node.api('POST', '/v2/remove_job', { job_id: jobId })
  expect(removed.status).toBe(200)

  const notice = page.getByRole('alert').filter({ hasText: 'This conversation was deleted' })
  await expect(notice).toBeVisible()
  await expect(notice.getByTestId('unsent-text')).toHaveText(written)
  await expect(notice.getByRole('button', { name: 'Copy the message' })).toBeVisible()
  // The way back still takes the focus (the message box it was in is gone).
  await expect(page.getByRole('link', { name: 'Back to the inboxes' })).toBeFocused()
})
