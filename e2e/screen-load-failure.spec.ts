import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/*
 * Headless mode: the screens' code comes from the node as they are first opened. A screen whose
 * code cannot be fetched (the node restarting, unreachable for a moment) says so in its place, with
 * the navigation still there, and opens once it can: the window does not go blank. The node out of reach
 * answers no address of that code (asked again, it is asked with a query added: import-again.ts).
 */
test('a screen whose code cannot be fetched says so, keeps the window usable, and opens on Try again', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  await page.goto(node.uiUrl)
  await expect(page.getByText('No inboxes yet')).toBeVisible()
  // The node does not answer for the Files screen's code.
  await page.route(/\/assets\/FilesPage-[^/?]*\.js(\?.*)?$/, (route) => route.abort('connectionrefused'))
  await page.getByRole('link', { name: 'Files' }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' })
  await expect(alert).toBeVisible()
  // In a sentence, not Chromium's "Failed to fetch dynamically imported module: http://…/assets/FilesPage-….js".
  await expect(alert).toContainText('Its code did not come from the node, which may be restarting or out of reach.')
  await expect(alert).not.toContainText('/assets/')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  // Still out of reach: Try again says so again.
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect(alert).toBeVisible()
  // The other screens still open.
  await page.getByRole('link', { name: 'Inboxes' }).click()
  await expect(page.getByText('No inboxes yet')).toBeVisible()
  // The node answers again: the screen opens when it is opened again...
  await page.unroute(/\/assets\/FilesPage-[^/?]*\.js(\?.*)?$/)
  await page.getByRole('link', { name: 'Files' }).click()
  await expect(page.getByText('The library is empty')).toBeVisible()
})

test('Try again loads the screen once the node answers', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  await page.goto(node.uiUrl)
  await expect(page.getByText('No inboxes yet')).toBeVisible()
  await page.route(/\/assets\/SettingsPage-[^/?]*\.js(\?.*)?$/, (route) => route.abort('connectionrefused'))
  await page.getByRole('link', { name: 'Settings' }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' })
  await expect(alert).toBeVisible()
  await page.unroute(/\/assets\/SettingsPage-[^/?]*\.js(\?.*)?$/)
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
  await expect(alert).toHaveCount(0)
})

test('the dialogs’ code, not fetched after the first paint, is asked for again: the window stays, and a confirmation opens once it comes', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  let refused = 0
  await page.route(/\/assets\/dialog-hosts-[^/?]*\.js(\?.*)?$/, (route) => {
    refused++
    return route.abort('connectionrefused')
  })
  await page.goto(node.uiUrl)
  await expect(page.getByText('No inboxes yet')).toBeVisible()
  await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
  // Not blank: the screens still open while it is out of reach.
  await page.getByRole('link', { name: 'Providers' }).click()
  await page.getByRole('button', { name: 'Remove gpt' }).click()
  await page.unroute(/\/assets\/dialog-hosts-[^/?]*\.js(\?.*)?$/)
  // The confirmation asked for meanwhile opens once the code has come.
  const dialog = page.getByRole('dialog', { name: 'Remove provider “gpt”?' })
  await expect(dialog).toBeVisible({ timeout: 10_000 })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
})
