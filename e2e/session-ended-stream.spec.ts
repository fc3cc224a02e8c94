import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/*
 * The node restarted and no longer knows the window: the banner says to open the new UI address. The
 * window's event stream, refused with 401, was asked again at its backoff (0.5, 1, 2 ... then every
 * 30 s) for as long as the window stayed open, each request refused.
 */
test('a window the restarted node no longer knows says so, and its event stream stops asking the node', async ({ page, node }) => {
  // With a provider, the window opens on Inboxes (not the first run's wizard).
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await page.goto(node.uiUrl)
  await expect(page.getByRole('heading', { name: 'Inboxes' })).toBeVisible()
  let streams = 0
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/v2/events') streams++
  })
  await node.restart()
  await expect(page.getByTestId('session-ended-banner')).toContainText('it no longer knows this window', { timeout: 15_000 })
  const told = streams
  // Long enough for its backoff to have asked three more times. One more try is allowed: a health check
  // slowed past its time-out by a loaded machine sees the node down and back, which tries once.
  await page.waitForTimeout(5_000)
  expect(streams - told).toBeLessThanOrEqual(1)
  await expect(page.getByTestId('session-ended-banner')).toBeVisible()
})
