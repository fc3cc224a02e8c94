import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/**
 * A provider's answer is text someone else wrote (a prompt injection in a document is enough).
 * Rendered as Markdown in the window, it must not make the window send requests by itself.
 */
test("an answer's images load nothing: not the node's own API with the session cookie, not another address", async ({ page, node }) => {
  const hits: string[] = []
  const trap = createServer((req: IncomingMessage, res) => {
    hits.push(req.url ?? '')
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end('{"data":[]}')
  })
  await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r))
  const trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`
  try {
    const inbox = await openNewJobInbox(page, node)
    const viaNode = `/v2/provider_models?kind=OpenAI&external_url=${encodeURIComponent(`${trapUrl}/via-node`)}`
    node.fake.behaviour = {
      type: 'reply',
      chunks: [`Here is a chart ![chart](${viaNode}) and a photo ![photo](${trapUrl}/direct.png?q=secret).`]
    }
    await inbox.send('Show me the chart')
    await expect(inbox.answers()).toContainText(['Here is a chart'])
    // Time for the image requests the page would make (a loopback round trip takes milliseconds).
    await page.waitForTimeout(1_500)
    expect(hits).toEqual([])
    await expect(inbox.answers().locator('img')).toHaveCount(0)
    // Each image is a link the operator may follow, naming what it would show.
    await expect(inbox.answers().getByTestId('answer-image-link')).toHaveText(['Image: chart', 'Image: photo'])
    await expect(inbox.answers().getByTestId('answer-image-link').last()).toHaveAttribute('href', `${trapUrl}/direct.png?q=secret`)
  } finally {
    await new Promise((r) => trap.close(r))
  }
})
