import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

const focused = (page: import('@playwright/test').Page) =>
  page.evaluate(() => `${document.activeElement?.getAttribute('role')} ${document.activeElement?.getAttribute('data-path')}`)

test('the Move dialog’s folder field: clicked and typed into, it filters the folders by the typed text', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  for (const f of ['Archive', 'Invoices']) await node.api('POST', '/v2/create_folder', { path: '/', folder_name: f })
  await node.api('POST', '/v2/create_folder', { path: '/Archive', folder_name: 'Old invoices' })
  await node.upload('/', 'a.txt', 'Text of a.txt')
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/files'))
  await page.getByRole('treeitem', { name: /^a\.txt/ }).focus()
  await page.keyboard.press('F2')
  const dialog = page.getByRole('dialog', { name: 'Rename or move a.txt' })
  const field = dialog.getByRole('combobox', { name: 'Destination folder' })
  await expect(field).toHaveValue('/ (top)')
  await field.click()
  await page.keyboard.type('inv')
  await expect(field).toHaveValue('inv')
  const options = page.getByRole('option')
  // Deeper folders are found by the node by name.
  await expect(options).toHaveText(['/Archive/Old invoices', '/Invoices'])
  await page.getByRole('option', { name: '/Invoices' }).click()
  await expect(field).toHaveValue('/Invoices')

  // Escape closes the list without a choice: the box shows the chosen folder again.
  await field.click()
  await page.keyboard.type('nothing like it')
  await page.keyboard.press('Escape')
  await expect(field).toHaveValue('/Invoices')
  await expect(dialog).toBeVisible()

  // The caret put after the label with End: what is typed is the search all the same.
  await field.click()
  await page.keyboard.press('End')
  await page.keyboard.type('arch')
  await expect(field).toHaveValue('arch')
  await expect(options).toHaveText(['/Archive'])
  await page.keyboard.press('Enter')
  await expect(field).toHaveValue('/Archive')
  await dialog.getByRole('button', { name: 'Move' }).click()
  await expect(dialog).toHaveCount(0)
  await expect.poll(() => focused(page)).toBe('treeitem /Archive/a.txt')
})
