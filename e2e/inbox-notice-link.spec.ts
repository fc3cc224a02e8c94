import { expect, test } from './fixtures/node'
import { openNewJobInbox, showJobInbox } from './pages/inbox'

/*
 * The notices in place of a conversation (deleted, unknown) end their sentence with a link back to the
 * inboxes. The link had Mantine's own text size (16 px) in a sentence of 14 px: a size larger than
 * the words it follows.
 */
test('the link back to the inboxes is the size of the notice sentence it ends (deleted and unknown conversation)', async ({
  page,
  node
}) => {
  await openNewJobInbox(page, node)
  // Open (read) before it is deleted: deleted before, it is an unknown one.
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible()
  const jobId = decodeURIComponent(new URL(page.url()).hash).split('::')[1]!
  expect((await node.api('POST', '/v2/remove_job', { job_id: jobId })).status).toBe(200)
  const sizes = async (title: string) => {
    const notice = page.getByRole('alert').filter({ hasText: title })
    await expect(notice).toBeVisible()
    const link = notice.getByRole('link', { name: 'Back to the inboxes' })
    return link.evaluate((a) => [getComputedStyle(a).fontSize, getComputedStyle(a.parentElement!).fontSize])
  }
  const [deletedLink, deletedText] = await sizes('This conversation was deleted')
  expect(deletedLink).toBe(deletedText)

  await showJobInbox(page, 'jobid_no_such_job')
  const [unknownLink, unknownText] = await sizes('No such inbox')
  expect(unknownLink).toBe(unknownText)
})
