import { expect, test } from './fixtures/node'

/* With no provider yet the window opens on the wizard, once: from there the operator may go to any page and stay on it. */

test('first run: the wizard opens at start, and Files, Settings, Inboxes and New job can be opened from it without bouncing back', async ({
  page,
  node
}) => {
  await page.goto(node.uiUrl)
  await expect(page.getByRole('heading', { name: 'Add an LLM provider' })).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Main' })
  const stays = async (link: string, shown: () => Promise<void>, hash: string) => {
    await nav.getByRole('link', { name: link, exact: true }).click()
    await shown()
    // Given time to bounce back (the provider list is asked for again before the wizard opened).
    await page.waitForTimeout(500)
    expect(await page.evaluate(() => location.hash)).toBe(hash)
    await expect(page.getByRole('heading', { name: 'Add an LLM provider' })).toHaveCount(0)
  }
  await stays('Files', () => expect(page.getByTestId('files-empty')).toBeVisible(), '#/files')
  await stays('Settings', () => expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible(), '#/settings')
  await stays('Inboxes', () => expect(page.getByRole('heading', { name: 'Inboxes' })).toBeVisible(), '#/inboxes')
  await stays('New job', () => expect(page.getByText('A job needs a provider.')).toBeVisible(), '#/jobs/new')
  // The way back to the wizard is the page's own link.
  await page.getByRole('link', { name: 'Add one first' }).click()
  await expect(page.getByRole('heading', { name: 'Add an LLM provider' })).toBeVisible()
})
