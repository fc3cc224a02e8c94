import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/*
 * A UI address's one-time code works once. Opened again (a reload of a kept address, a second tab),
 * the window has no session: every screen said only "authorization: missing or wrong bearer token",
 * with a Try again that could not help, and nothing said what to do.
 */
test('a window opened from a UI address whose code was used already says it is not signed in and how to go on; a fresh address works', async ({
  page,
  context,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const address = node.uiUrl
  const first = await context.newPage()
  await first.goto(address)
  await expect(first.getByRole('heading', { name: 'Inboxes' })).toBeVisible()
  await first.close()
  await context.clearCookies() // another browser, or the session cookie gone: only the address is left

  await page.goto(address)
  const banner = page.getByTestId('signed-out-banner')
  await expect(banner).toBeVisible()
  await expect(banner).toHaveAttribute('role', 'alert')
  await expect(banner).toContainText('This window is not signed in to the node')
  await expect(banner).toContainText('Open the UI address the node printed')
  // Not the restart's notice: the node did not restart.
  await expect(page.getByTestId('session-ended-banner')).toHaveCount(0)
  // The screens under it say why they are empty in the same words: not the node's "missing or wrong bearer
  // token" (Inboxes, with a Try again that cannot help; Files), nor "it restarted" (Providers).
  const notSignedIn = 'This window is not signed in to the node (the node restarted, or the one-time code'
  const inboxes = page.getByRole('alert').filter({ hasText: 'The inboxes could not be loaded' })
  await expect(inboxes).toContainText(notSignedIn)
  await expect(inboxes.getByRole('button', { name: 'Try again' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Files' }).click()
  await expect(page.getByRole('navigation', { name: 'Library' })).toContainText(notSignedIn)
  await page.getByRole('link', { name: 'Providers' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The providers could not be loaded' })).toContainText(notSignedIn)
  await expect(page.getByRole('main')).not.toContainText('bearer token')
  // New job: its provider list is empty for the same reason, said under it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New job' }).click()
  await expect(page.getByRole('main').getByText(/^The providers could not be read\./)).toContainText(notSignedIn)
  // Settings read nothing either: no "None (keywords only)" or "0 ready" as if read, and no Save to replace what it could not see.
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByTestId('embedding-read-error')).toContainText(notSignedIn)
  const embedding = page.getByRole('region', { name: 'Embedding model' })
  await expect(embedding.getByRole('button', { name: 'Save' })).toHaveCount(0)
  await expect(embedding).not.toContainText('keywords only')
  await expect(page.getByTestId('embedding-progress')).toHaveCount(0)

  await page.goto('about:blank')
  await page.goto(node.uiUrl)
  await expect(page.getByRole('heading', { name: 'Inboxes' })).toBeVisible()
  await page.getByRole('link', { name: 'Providers' }).click()
  await expect(page.getByTestId('provider-row-gpt')).toBeVisible()
  await expect(page.getByTestId('signed-out-banner')).toHaveCount(0)
})
