import { expect, test } from './fixtures/node'
import { FilesPage } from './pages/files'
import { providerBody } from './seed'

/*
 * The library's last folder deleted from the keyboard: the tree went with its row, no row took its
 * place, and the focus was left on the page's body (Tab then started from the top of the page).
 */
test('the last entry of the library deleted: the focus goes to Upload files, not to the page body', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Leases' })
  await node.upload('/Leases', 'lease.txt', 'The tenant pays the rent.')
  const files = new FilesPage(page)
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  const folder = page.getByRole('treeitem', { name: 'Leases', exact: true })
  await folder.click()
  await expect(folder).toBeFocused()
  await page.keyboard.press('Delete')
  const dialog = page.getByRole('dialog', { name: 'Delete Leases?' })
  await expect(dialog).toContainText('It holds 1 file')
  await dialog.getByRole('button', { name: 'Delete' }).click()

  await expect(page.getByTestId('files-empty')).toBeVisible()
  await expect(files.rows()).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Upload files' })).toBeFocused()
})

test('a library that opens empty leaves the focus where it was', async ({ page, node }) => {
  const files = new FilesPage(page)
  await page.goto(node.uiUrl)
  const link = page.getByRole('link', { name: 'Files' })
  await link.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('files-empty')).toBeVisible()
  await expect(files.rows()).toHaveCount(0)
  await expect(link).toBeFocused()
})
