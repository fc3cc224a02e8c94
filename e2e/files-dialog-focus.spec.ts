import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/* The Rename-or-move dialog opened from a tree row's menu with the keyboard hands the focus back to the tree, not to the page. */

const focused = (page: import('@playwright/test').Page) =>
  page.evaluate(() => `${document.activeElement?.getAttribute('role')} ${document.activeElement?.getAttribute('data-path')}`)

test('Rename or move from the keyboard: closed, the focus is back on the row; moved, on the row at its new place', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  for (const n of ['a.txt', 'b.txt']) await node.upload('/', n, `Text of ${n}`)
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/files'))
  const row = page.getByRole('treeitem', { name: /^a\.txt/ })
  await row.focus()
  const openRename = async () => {
    await page.keyboard.press('Shift+F10')
    await expect(page.getByRole('menuitem', { name: 'Rename or move…' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Rename or move a.txt' }).getByLabel('Name')).toBeFocused()
  }
  await openRename()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect.poll(() => focused(page)).toBe('treeitem /a.txt')

  await openRename()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('notes.txt')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect.poll(() => focused(page)).toBe('treeitem /notes.txt')
  // The arrows go on from there.
  await page.keyboard.press('ArrowUp')
  await expect.poll(() => focused(page)).toBe('treeitem /b.txt')
})
