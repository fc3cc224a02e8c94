import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures/node'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * The WAI-ARIA menu button pattern: in an open menu, Tab (or Shift+Tab) closes it and moves the focus
 * on from its button, as if the menu had not been open. Mantine's menus kept Tab inside (its focus
 * trap): Tab went round the items, and the only way out was Escape.
 */

/**
 * Marks the element Tab (or Shift+Tab) reaches from `from` with no menu open, and leaves the focus on
 * `from` again. When the focus leaves the page there (`from` is its last stop, or first), `from` itself is
 * marked: from an open menu, Tab took the focus out of the window (to the browser's own controls, or
 * nowhere in an app's window); it stays on the menu's button (or row) instead.
 */
async function markNextFrom(page: Page, from: Locator, key: 'Tab' | 'Shift+Tab') {
  await from.focus()
  await from.evaluate((el) => el.setAttribute('data-tab-from', ''))
  await page.keyboard.press(key)
  await page.evaluate(() => {
    document.querySelector('[data-expected-focus]')?.removeAttribute('data-expected-focus')
    const from = document.querySelector('[data-tab-from]')!
    from.removeAttribute('data-tab-from')
    const left = !document.hasFocus() || document.activeElement === document.body
    ;(left ? from : document.activeElement!).setAttribute('data-expected-focus', '')
  })
  await from.focus()
}

/** The focus is where markNextFrom found it, in the page, now and a moment later. */
async function expectFocusAtMark(page: Page) {
  const atMark = () =>
    page.evaluate(() => {
      const mark = document.querySelector('[data-expected-focus]')
      return document.hasFocus() && document.activeElement === mark
    })
  await expect.poll(atMark).toBe(true)
  // It stays there (Mantine gives the focus back to a menu's button a moment after the menu closes).
  await page.waitForTimeout(200)
  expect(await atMark()).toBe(true)
}

/** Opens the menu with `open` (from the keyboard), then presses `key` in it: closed, the focus where `key` goes from the button. */
async function tabOutOf(page: Page, button: Locator, open: () => Promise<void>, key: 'Tab' | 'Shift+Tab') {
  await markNextFrom(page, button, key)
  await open()
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('menuitem').first()).toBeFocused()
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('ArrowDown') // from an item that is not the first, too
  await page.keyboard.press(key)
  await expect(menu).toBeHidden()
  await expectFocusAtMark(page)
  await expect(button).toHaveAttribute('aria-expanded', 'false')
}

/** From a focused row: its menu opened with Shift+F10, then `key` closes it and moves on as if it had not been open. */
async function rowMenuTabbedOut(page: Page, row: Locator, key: 'Tab' | 'Shift+Tab') {
  await markNextFrom(page, row, key)
  await page.keyboard.press('Shift+F10')
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem').first()).toBeFocused()
  await page.keyboard.press(key)
  await expect(menu).toBeHidden()
  await expectFocusAtMark(page)
}

for (const key of ['Tab', 'Shift+Tab'] as const) {
  test(`${key} in the open conversation's menu closes it and moves on from its button`, async ({ page, node }) => {
    await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
    const [jobId] = await seedJobs(node, 'gpt', 1)
    await nameJobInbox(node, jobId!, 'Lease talk')
    await page.goto(node.uiUrl)
    await page.getByTestId('inbox-row').filter({ hasText: 'Lease talk' }).click()
    const button = page.getByRole('button', { name: 'Conversation actions' })
    await tabOutOf(page, button, () => button.press('Enter'), key)
  })

  test(`${key} in an inbox row's menu (opened with Shift+F10) closes it and moves on`, async ({ page, node }) => {
    await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
    const [jobId] = await seedJobs(node, 'gpt', 2)
    await nameJobInbox(node, jobId!, 'Lease talk')
    await page.goto(node.uiUrl)
    const row = page.getByTestId('inbox-row').filter({ hasText: 'Lease talk' })
    await expect(row).toBeVisible()
    // The row is the list's Tab stop; its menu's button is not one. From the row, as if the menu were not open.
    await row.focus()
    await rowMenuTabbedOut(page, row, key)
  })

  test(`${key} in a library row's menu (opened with Shift+F10) closes it and moves on`, async ({ page, node }) => {
    await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
    await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Contracts' })
    await node.upload('/', 'lease.txt', 'The deposit is two months of rent.')
    // A file shown beside the tree, so that something follows the tree in the Tab order.
    await page.goto(node.uiUrl)
    await page.evaluate(() => (location.hash = '#/files?path=%2Flease.txt'))
    const row = page.getByRole('treeitem', { name: 'Contracts' })
    await expect(row).toBeVisible()
    await rowMenuTabbedOut(page, row, key)
  })

  // The tree the page's last stop (no file shown beside it): Tab took the focus out of the window.
  test(`${key} in a library row's menu with nothing after the tree closes it and keeps the focus in the page`, async ({ page, node }) => {
    await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
    await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Contracts' })
    await node.upload('/', 'lease.txt', 'The deposit is two months of rent.')
    await page.goto(node.uiUrl)
    await page.evaluate(() => (location.hash = '#/files'))
    const row = page.getByRole('treeitem', { name: 'Contracts' })
    await expect(row).toBeVisible()
    await rowMenuTabbedOut(page, row, key)
  })
}
