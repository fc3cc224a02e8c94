import type { Page } from '@playwright/test'
import { expect, test } from './fixtures/node'
import { InboxListPage } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/** The accessible name's start of what holds the focus, or "body". */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return 'body'
    return (el.getAttribute('aria-label') ?? el.querySelector('[class*="name"]')?.textContent ?? el.textContent ?? '').trim()
  })
const inList = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('[data-testid="inbox-scroll"]'))

test('the inbox list is one Tab stop: arrows, Home and End move, Space selects, Shift+F10 opens the row’s menu, Enter opens the inbox', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 5, 1)
  // Created oldest first: the list shows Chat 5 … Chat 1, newest activity first.
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Chat ${i + 1}`)
  await page.goto(node.uiUrl)
  const list = new InboxListPage(page)
  await expect(list.rows()).toHaveCount(5)
  const names = await page.locator('[data-index] [class*="name"]').allTextContents()

  // From the control before the list, one Tab enters it on its first row; the next leaves it.
  await page.getByRole('switch', { name: 'Show hidden' }).focus()
  await page.keyboard.press('Tab')
  await expect(page.locator('[data-index="0"] a')).toBeFocused()
  await page.keyboard.press('Tab')
  expect(await inList(page)).toBe(false)
  await page.keyboard.press('Shift+Tab')
  await expect(page.locator('[data-index="0"] a')).toBeFocused()

  // Arrows, End, Home.
  await page.keyboard.press('ArrowDown')
  await expect(page.locator('[data-index="1"] a')).toBeFocused()
  await page.keyboard.press('End')
  await expect(page.locator('[data-index="4"] a')).toBeFocused()
  await page.keyboard.press('Home')
  await expect(page.locator('[data-index="0"] a')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(page.locator('[data-index="2"] a')).toBeFocused()

  // Leaving and coming back with Tab returns to the row last focused, not the first.
  await page.keyboard.press('Shift+Tab')
  expect(await inList(page)).toBe(false)
  await page.keyboard.press('Tab')
  await expect(page.locator('[data-index="2"] a')).toBeFocused()

  // Multi-select by keyboard: Space selects the row, Shift+Space the range from it.
  await page.keyboard.press('Space')
  await expect(page.getByTestId('bulk-bar')).toContainText('1 selected')
  await expect(page.getByRole('checkbox', { name: `Select ${names[2]}` })).toBeChecked()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Shift+Space')
  await expect(page.getByTestId('bulk-bar')).toContainText('3 selected')
  for (const i of [2, 3, 4]) await expect(page.getByRole('checkbox', { name: `Select ${names[i]}` })).toBeChecked()
  // The page did not scroll or leave the row (Space is not the page's here).
  await expect(page.locator('[data-index="4"] a')).toBeFocused()
  // The bulk bar is reached with Shift+Tab from the list.
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByRole('button', { name: 'Clear selection' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('bulk-bar')).toBeHidden()
  // The bar went with the focus: it is back on the row selected last, not on the page.
  await expect(page.locator('[data-index="4"] a')).toBeFocused()

  // The row's menu from the row: Shift+F10 (or the context-menu key) opens it on its first item; Escape gives the focus back to the row.
  await page.keyboard.press('ArrowUp')
  await expect(page.locator('[data-index="3"] a')).toBeFocused()
  await page.keyboard.press('Shift+F10')
  await expect(page.getByRole('menuitem').first()).toBeFocused()
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toBeHidden()
  await expect(page.locator('[data-index="3"] a')).toBeFocused()
  // Another row's menu, its code loaded by now: it opens and stays open (it closed at once, the
  // keydown that opened it taken for a key pressed outside it).
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Shift+F10')
  await expect(page.getByRole('menuitem').first()).toBeFocused()
  await page.waitForTimeout(400)
  await expect(page.getByRole('menu')).toBeVisible()
  await expect(page.getByRole('menuitem').first()).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.locator('[data-index="2"] a')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.locator('[data-index="3"] a')).toBeFocused()
  await page.keyboard.press('ContextMenu')
  await expect(page.getByRole('menuitem').first()).toBeFocused()
  // A menu action works from there: Pin moves the row to the top.
  await page.getByRole('menuitem', { name: 'Pin' }).press('Enter')
  await expect(page.locator('[data-index="0"] [class*="name"]')).toHaveText(names[3]!)

  // Enter opens the focused row's inbox.
  await page.keyboard.press('Home')
  await expect(page.locator('[data-index="0"] a')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('inbox-title')).toHaveText(names[3]!)
  expect(await focusedName(page)).not.toBe('body')
})

test('a focused row removed or hidden by another client: the focus goes to the row now in its place, not to the page', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 4, 1)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Chat ${i + 1}`)
  await page.goto(node.uiUrl)
  const list = new InboxListPage(page)
  await expect(list.rows()).toHaveCount(4)
  // Chat 4 … Chat 1, newest first: the focus on Chat 3.
  await page.locator('[data-index="1"] a').focus()
  await node.api('POST', '/v2/remove_job', { job_id: ids[2] })
  await expect(list.rows()).toHaveCount(3)
  await expect.poll(() => focusedName(page)).toBe('Chat 2')
  await node.api('POST', '/v2/update_job_hidden', { job_id: ids[1], is_hidden: true })
  await expect(list.rows()).toHaveCount(2)
  await expect.poll(() => focusedName(page)).toBe('Chat 1')
  expect(await inList(page)).toBe(true)
})

test('Shift+F10 on a row, then ArrowDown and Enter with no wait: the menu’s second item (Pin) is chosen, not the row’s conversation opened', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 3, 1)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Talk ${i + 1}`)
  await page.goto(node.uiUrl)
  // Newest first: Talk 3 on top.
  const row = page.getByTestId('inbox-row').filter({ hasText: 'Talk 3' })
  await row.focus()
  // Once opened and closed (its code read, which the list does in the background once shown).
  await page.keyboard.press('Shift+F10')
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toBeHidden()
  await expect(row).toBeFocused()
  // No wait in between: the keys come before a frame is drawn.
  await page.keyboard.press('Shift+F10')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  const inboxId = `job_inbox::${ids[2]!}::false`
  await expect
    .poll(
      async () => (await node.api<{ is_pinned: boolean }>('GET', `/v2/get_inbox?inbox_name=${encodeURIComponent(inboxId)}`)).body.is_pinned
    )
    .toBe(true)
  // No conversation opened (Enter on a row opens its conversation).
  await expect(page).not.toHaveURL(/#\/inboxes\//)
  await expect(page.getByRole('menu')).toBeHidden()
  await expect(row).toBeFocused()
})
