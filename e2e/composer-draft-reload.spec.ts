import { expect, test } from './fixtures/node'
import { openNewJobInbox, showJobInbox } from './pages/inbox'

/*
 * A message that could not be sent while the node was down stays in its box; the node back, a
 * headless window is let in again only through the new UI address, opened in the same tab. That
 * made the window anew and the message was gone. A reload did the same.
 */
test('an unsent message survives the node restarting and the new UI address, and a reload', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  const jobId = decodeURIComponent(new URL(page.url()).hash).match(/jobid_[\w-]+/)![0]
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  await expect(inbox.title()).toBeVisible()
  const serve = node.serve
  serve.child.kill('SIGTERM')
  await serve.exited
  await inbox.send('Written while the node was down,\nthree lines long,\nand not to be typed again')
  await expect(page.getByText('Not sent')).toBeVisible()
  await expect(box).toHaveValue(/^Written while/)

  await node.restart()
  await page.goto(node.uiUrl)
  // Only the address's fragment differs from the page's: the page loads itself again (main.tsx), and that
  // document trades the code and takes it out of the address. Waited for, or the old document's list
  // answered the next line and the reload came in the middle of the one after ("execution context destroyed").
  await expect(page).not.toHaveURL(/code=/)
  // The code is traded for a session and the window made anew, at the inbox list.
  await expect(page.getByTestId('inbox-row')).toHaveCount(1)
  await showJobInbox(page, jobId)
  await expect(inbox.title()).toBeVisible()
  await expect(box).toHaveValue('Written while the node was down,\nthree lines long,\nand not to be typed again')

  await page.reload()
  await expect(box).toHaveValue(/^Written while/)
  // Sent, it is gone for good: a reload brings back nothing.
  await box.press('Enter')
  await expect(inbox.questions()).toHaveCount(1)
  await expect(box).toHaveValue('')
  await page.reload()
  await expect(inbox.title()).toBeVisible()
  await expect(box).toHaveValue('')
})
