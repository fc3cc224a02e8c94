import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/*
 * A file found by search, deep in a long folder, opened with its folder open in the tree but the
 * tree left at the top: its row (the selected one) was hundreds of rows down, out of sight, and the
 * tree's Tab stop stayed on the first row. Its row is now scrolled to and made the Tab stop, as a
 * folder found is; the focus goes to it.
 */
test('a file opened from the search results is scrolled to in the tree, hundreds of rows down, and is its Tab stop', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Big' })
  for (let i = 0; i < 400; i++) expect((await node.upload('/Big', `note-${String(i).padStart(4, '0')}.txt`, `Note ${i}.`)).status).toBe(200)
  await page.setViewportSize({ width: 800, height: 600 })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  await page.getByRole('textbox', { name: 'Search the library' }).fill('note-0350')
  const found = page.getByRole('region', { name: 'Names' }).getByTestId('name-result')
  await expect(found).toHaveText(['note-0350.txt in /Big'])
  await found.click()
  await expect(page.getByTestId('file-preview')).toContainText('Note 350.')
  const row = page.getByRole('treeitem', { name: /^note-0350\.txt/ })
  await expect(row).toBeInViewport()
  await expect(row).toHaveAttribute('tabindex', '0')
  await expect(row).toBeFocused()
})
