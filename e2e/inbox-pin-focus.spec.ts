import { expect, test } from './fixtures/node'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * Pinning moves a row to the pinned section on top (unpinning moves it back down): from the
 * keyboard, the focus goes with the row, and the list scrolls so that the focused row is seen.
 */
test('a row pinned and unpinned from its menu, far down the list: the focus stays on it and in view', async ({ page, node }) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 30, 1)
  await nameJobInbox(node, ids[0]!, 'The oldest chat')
  await page.goto(node.uiUrl)
  await expect(page.getByText('30 inboxes')).toBeVisible()
  await page.getByTestId('inbox-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
  const row = page.getByRole('link', { name: /^The oldest chat/ })
  await row.focus()
  const focusedRow = page.locator('[data-testid=inbox-row]:focus')

  for (const action of ['Pin', 'Unpin']) {
    await page.keyboard.press('Shift+F10')
    // The menu opens on its first item (its focus trap moves the focus there a moment after it shows,
    // so an item focused before that lost it to Rename); the arrow then goes to Pin or Unpin, as a user's would.
    await expect(page.getByRole('menuitem').first()).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('menuitem', { name: action, exact: true })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByText(action === 'Pin' ? '30 inboxes, 1 pinned' : '30 inboxes', { exact: true })).toBeVisible()
    await expect(focusedRow).toHaveText(/^The oldest chat/)
    await expect(focusedRow).toBeInViewport({ ratio: 0.9 })
  }
})
