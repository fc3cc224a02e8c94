import { expect, test } from './fixtures/node'
import { FilesPage } from './pages/files'
import { providerBody } from './seed'

test('files dragged over a folder mark that folder as where they go, not the whole tree; over the tree they go to the top folder', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Leases' })
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Minutes' })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  const files = new FilesPage(page)
  await expect(files.rows()).toHaveCount(2)
  const file = [{ name: 'pets.md', type: 'text/markdown', text: '# Pets\n\nOne cat per flat.' }]
  const row = (name: string) => files.rows().filter({ hasText: name }).locator('> div')
  const treeOutline = () => files.library().evaluate((el) => getComputedStyle(el).outlineStyle)

  await files.dragOver(file, '[data-testid=tree-row][data-path="/Leases"] > div')
  // The folder under the pointer is marked; the tree's own outline (a drop into the top folder) is not drawn.
  await expect(row('Leases')).toHaveAttribute('data-drop-target', 'true')
  await expect(row('Minutes')).not.toHaveAttribute('data-drop-target')
  expect(await row('Leases').evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('dashed')
  expect(await treeOutline()).toBe('none')

  // Moved on to the page around the tree: the top folder is the target again, and no folder is marked.
  await files.dragOver(file)
  await expect(row('Leases')).not.toHaveAttribute('data-drop-target')
  expect(await treeOutline()).toBe('dashed')

  // Dropped onto the other folder: it goes there, and nothing stays marked.
  await files.drop(file, '[data-testid=tree-row][data-path="/Minutes"] > div')
  await expect(files.uploads()).toHaveText([/pets\.md → \/Minutes.*done/])
  await expect(row('Minutes')).not.toHaveAttribute('data-drop-target')
  expect(await treeOutline()).toBe('none')
})

test('files dropped just left of a nested folder (over its indent) go into that folder, not the top one', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Leases' })
  await node.api('POST', '/v2/create_folder', { path: '/Leases', folder_name: '2026' })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  const files = new FilesPage(page)
  await page.getByRole('treeitem', { name: 'Leases', exact: true }).click()
  await expect(files.rows()).toHaveCount(2)
  const file = [{ name: 'pets.md', type: 'text/markdown', text: '# Pets\n\nOne cat per flat.' }]
  // The row itself, not its drawn part: what the pointer is over left of the nested folder's icon.
  const indent = '[data-testid=tree-row][data-path="/Leases/2026"]'
  await files.dragOver(file, indent)
  await expect(files.rows().filter({ hasText: '2026' }).locator('> div')).toHaveAttribute('data-drop-target', 'true')
  await files.drop(file, indent)
  await expect(files.uploads()).toHaveText([/pets\.md → \/Leases\/2026.*done/])
})
