import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * A message not sent because the node did not answer: the reason was a notice in the window's
 * bottom-right corner, over the Send button, for the seconds it showed. It is said under the message
 * box now, and the box's buttons stay free to press.
 */
test('the reason a message was not sent covers neither the message box nor its buttons', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  await expect(inbox.title()).toBeVisible()
  const serve = node.serve
  serve.child.kill('SIGTERM')
  await serve.exited
  await inbox.send('Written while the node was down')
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  await expect(box).toHaveValue('Written while the node was down')
  await expect(page.getByRole('alert').filter({ hasText: 'Not sent' })).toBeVisible()

  // What is drawn at the middle of the Send button and of the box is the button and the box.
  const send = page.getByRole('button', { name: 'Send', exact: true })
  for (const control of [send, box]) {
    const covered = await control.evaluate((el) => {
      const r = el.getBoundingClientRect()
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
      return !(top && (el === top || el.contains(top)))
    })
    expect(covered).toBe(false)
  }

  // Changed, the message is no longer the one that was not sent: the reason goes.
  await box.press('End')
  await box.pressSequentially('!')
  await expect(page.getByText('Not sent')).toHaveCount(0)
})
