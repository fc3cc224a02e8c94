import { expect, test } from './fixtures/node'
import { closeIsAskedAndDismissed, leaveDialog } from './pages/leave'
import { providerBody } from './seed'

/** Opens provider `gpt`'s Edit page at its Identity step and types a description there. */
async function editDescription(page: import('@playwright/test').Page, text: string) {
  await page.getByRole('tab', { name: /Identity/ }).click()
  await page.getByLabel('Description').fill(text)
}

test('Edit provider: leaving with changes not saved asks first (link, browser Back, Ctrl+K); Stay keeps them, Leave drops them', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('gpt', node.fake.url), name: 'Local' })
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/providers'))
  await page.getByRole('link', { name: 'Edit Local' }).click()
  await editDescription(page, 'For the drafts')
  const dialog = leaveDialog(page)

  // A link of the navigation: asked, in a sentence naming the provider; Stay keeps the page as it was.
  await page.getByRole('link', { name: 'Inboxes' }).click()
  await expect(dialog).toContainText('Your changes to provider “Local” (gpt) are not saved.')
  await expect(dialog.getByRole('button', { name: 'Stay' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Stay' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/#\/providers\/gpt\/edit$/)
  await expect(page.getByLabel('Description')).toHaveValue('For the drafts')

  // The skip link leaves nothing: no question.
  await page.getByRole('link', { name: 'Skip to content' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.locator('#main-content')).toBeFocused()
  await expect(dialog).toHaveCount(0)

  // The browser's Back: the address is put back and the question asked.
  await page.goBack()
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(/#\/providers\/gpt\/edit$/)
  await expect(page.getByLabel('Description')).toHaveValue('For the drafts')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByLabel('Description')).toHaveValue('For the drafts')

  // Closing or reloading the window: the browser asks (beforeunload); dismissed, the page stays.
  await closeIsAskedAndDismissed(page)
  await expect(page.getByLabel('Description')).toHaveValue('For the drafts')

  // A shortcut (Ctrl+K, the inbox search): Leave goes there, the search focused; the edit is gone.
  await page.keyboard.press('Control+K')
  await dialog.getByRole('button', { name: 'Leave' }).click()
  await expect(page.locator('#inbox-search')).toBeFocused()
  await page.goBack()
  await expect(page).toHaveURL(/#\/providers\/gpt\/edit$/)
  await expect(dialog).toBeHidden()
  await page.getByRole('tab', { name: /Identity/ }).click()
  await expect(page.getByLabel('Description')).toHaveValue('')
})

test('Edit provider: nothing asked when nothing changed (or a change was put back), nor after Test & save', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/providers/gpt/edit'))
  await editDescription(page, 'x')
  await page.getByLabel('Description').fill('')
  await page.getByRole('link', { name: 'Files' }).click()
  await expect(page).toHaveURL(/#\/files$/)
  await page.goBack()
  await editDescription(page, 'Saved now')
  await page.getByRole('button', { name: 'Test & save' }).click()
  await expect(page.getByRole('heading', { name: 'Providers', exact: true })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.getByRole('link', { name: 'Inboxes' }).click()
  await expect(page).toHaveURL(/#\/inboxes$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('Edit provider in a narrow window: Leave from the navigation drawer goes there and closes the drawer, as a plain click does', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 600, height: 700 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/providers/gpt/edit'))
  await editDescription(page, 'For the drafts')
  await page.getByRole('button', { name: 'Toggle navigation' }).click()
  const files = page.getByRole('link', { name: 'Files' })
  await files.click()
  const dialog = leaveDialog(page)
  await expect(dialog).toContainText('Your changes to provider “gpt” are not saved.')
  await dialog.getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(/#\/files$/)
  await expect(files).toBeHidden()
})

test('Edit provider: Back then Stay keeps the browser history as it was, Forward still goes where it went', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('gpt', node.fake.url), name: 'Local' })
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/providers'))
  await page.getByRole('link', { name: 'Edit Local' }).click()
  await expect(page).toHaveURL(/#\/providers\/gpt\/edit$/)
  await page.getByRole('link', { name: 'Files' }).click()
  await expect(page).toHaveURL(/#\/files$/)
  // Back to the Edit page (Files is now one step forward), a change made there.
  await page.goBack()
  await editDescription(page, 'For the drafts')
  const dialog = leaveDialog(page)

  await page.goBack()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Stay' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/#\/providers\/gpt\/edit$/)
  await expect(page.getByLabel('Description')).toHaveValue('For the drafts')

  // Forward still leads to Files (asked first); Leave goes there.
  await page.goForward()
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(/#\/providers\/gpt\/edit$/)
  await dialog.getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(/#\/files$/)
  await expect(page.getByRole('heading', { name: 'Files', exact: true })).toBeVisible()
  // And the history behind it is the one walked: Edit, then Providers.
  await page.goBack()
  await expect(page).toHaveURL(/#\/providers\/gpt\/edit$/)
  await page.goBack()
  await expect(page).toHaveURL(/#\/providers$/)
})
