import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

const focused = (page: import('@playwright/test').Page) =>
  page.evaluate(() => `${document.activeElement?.getAttribute('role')} ${document.activeElement?.getAttribute('data-path')}`)

test('a folder made inside a closed folder: that folder opens, and the focus is on its row', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Archive' })
  await node.api('POST', '/v2/create_folder', { path: '/Archive', folder_name: '2024' })
  await node.upload('/', 'a.txt', 'Text of a.txt')
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/files'))
  const archive = page.getByRole('treeitem', { name: 'Archive', exact: true })
  // Opened then closed: Archive stays the folder new things go into, out of sight.
  await archive.click()
  await expect(page.getByRole('treeitem', { name: '2024', exact: true })).toBeVisible()
  await archive.click()
  await expect(archive).toHaveAttribute('aria-expanded', 'false')

  await page.getByRole('button', { name: 'New folder' }).click()
  const dialog = page.getByRole('dialog', { name: 'New folder in /Archive' })
  await dialog.getByLabel('Folder name').fill('May')
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect.poll(() => focused(page)).toBe('treeitem /Archive/May')
  await expect(archive).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('treeitem', { name: 'May', exact: true })).toBeInViewport()
  // The focus stays there (the New folder button does not take it back as the dialog goes).
  await page.waitForTimeout(300)
  expect(await focused(page)).toBe('treeitem /Archive/May')

  // Cancelled, the dialog hands the focus back to New folder.
  await page.getByRole('button', { name: 'New folder' }).click()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'New folder' })).toBeFocused()
})
