import { createServer, type Server } from 'node:net'
import { startServe } from '../test/support/serve-process'
import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * A tab of `npm run serve` whose node is stopped, then started again on another port (same data folder):
 * the tab cannot know. Its notice said only that it "goes away by itself when it answers again", which it
 * never did, and the tab asked the old port once a second for as long as it stayed open.
 */
test('a node started again on another port: the tab says once, calmly, what to do, keeps the message typed, and asks less and less', async ({
  page,
  node
}) => {
  const inbox = await openNewJobInbox(page, node)
  await expect(inbox.title()).toBeVisible()
  node.serve.child.kill('SIGTERM')
  await node.serve.exited
  const stoppedAt = Date.now()

  const banner = page.getByTestId('node-down-banner')
  await expect(banner).toBeVisible({ timeout: 3_000 })
  await inbox.send('Written while the node was away')
  await expect(page.getByText('Not sent')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('Written while the node was away')

  // `--port 0` comes back on the port the data folder last used when it is free: another program holds it
  // here, so the node starts on another one (as after a reboot, say, where that port was taken meanwhile).
  // It drops each connection at once, so the tab's requests there fail as they would with nothing there.
  const holder: Server = createServer((socket) => socket.destroy())
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject)
    holder.listen(Number(new URL(node.serve.url).port), '127.0.0.1', resolve)
  })
  const elsewhere = await startServe(['--port', '0', '--data-dir', node.dataDir]).catch(async (err: unknown) => {
    await new Promise((resolve) => holder.close(resolve))
    throw err
  })
  try {
    expect(new URL(elsewhere.url).port).not.toBe(new URL(node.serve.url).port)
    await expect(banner).toContainText('If the node was stopped, start it again and open the UI address it prints')
    await expect(banner).toContainText('one on another port cannot be found from here')

    // Down for a while: counted over ten seconds, once the first quick checks are over.
    await page.waitForTimeout(Math.max(0, stoppedAt + 10_000 - Date.now()))
    let sent = 0
    page.on('request', () => sent++)
    await page.waitForTimeout(10_000)
    // Once a second made 10 health checks here, besides the event stream's own backed-off tries.
    expect(sent).toBeLessThanOrEqual(5)

    // One notice, not a toast per failed request.
    await expect(page.getByTestId('node-down-banner')).toHaveCount(1)
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0)
    await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('Written while the node was away')
  } finally {
    elsewhere.child.kill('SIGTERM')
    await elsewhere.exited
    await new Promise((resolve) => holder.close(resolve))
  }
})
