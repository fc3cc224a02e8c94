import { expect, test } from './fixtures/node'
import { NewJobPage } from './pages/new-job'
import { providerBody } from './seed'

/* The scope picker's tree scrolled down, then searched and the search cleared: the rows at its top are drawn where it shows them. */

test('the library tree scrolled down, searched, then the search cleared, shows its rows (it was blank)', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Big' })
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Notes' })
  expect((await node.upload('/Notes', 'beta.txt', 'Text of beta')).status).toBe(200)
  const names = Array.from({ length: 60 }, (_, i) => `file ${String(i).padStart(2, '0')}.txt`)
  for (let i = 0; i < names.length; i += 6)
    await Promise.all(
      names.slice(i, i + 6).map(async (name) => expect((await node.upload('/Big', name, `Text of ${name}`)).status).toBe(200))
    )
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/jobs/new'))
  const lib = new NewJobPage(page).library()
  await lib.getByRole('button', { name: 'Open Big' }).click()
  // End on a row: the tree scrolls to its last row (the Notes folder, under Big's 60 files).
  await lib.getByRole('treeitem', { name: 'file 00.txt' }).click()
  await page.keyboard.press('End')
  await expect(lib.getByRole('treeitem', { name: 'Notes' })).toBeFocused()
  await expect(lib.getByRole('treeitem', { name: 'Big' })).not.toBeInViewport()

  const search = lib.getByRole('textbox', { name: 'Search the library by name' })
  await search.fill('beta')
  await expect(lib.getByRole('treeitem', { name: 'beta.txt' })).toBeInViewport()
  await search.fill('')
  await expect(lib.getByRole('treeitem', { name: 'Big' })).toBeInViewport()
  await expect(lib.getByRole('treeitem', { name: 'file 00.txt' })).toBeInViewport()
  // And the rows below are reached by scrolling, as before.
  await lib.getByRole('treeitem', { name: 'Big' }).click()
  await page.keyboard.press('End')
  await expect(lib.getByRole('treeitem', { name: 'Notes' })).toBeInViewport()
})
