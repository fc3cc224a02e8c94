import { expect, test } from './fixtures/node'
import { FilesPage } from './pages/files'
import { providerBody } from './seed'

/*
 * A folder renamed (here by another client) while a file is being uploaded into it: the upload
 * ended in "no folder /docs" once every byte had been sent. The file now lands in the folder the
 * operator picked, and the window shows it there, under the folder's new name.
 */
test('an upload into a folder renamed meanwhile is done, and its row is in the renamed folder', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'docs' })
  const files = new FilesPage(page)
  await files.openUploadFolder(node.uiUrl, 'docs')
  // A slow link (256 KB/s up): 2 MB take about 8 s, time to rename the folder meanwhile.
  await files.limitUploads(256 * 1024)
  await files.pick([{ name: 'log.txt', text: Buffer.alloc(2 * 1024 * 1024, 'the keeper logs the weather ') }])
  const row = files.uploads().filter({ hasText: 'log.txt' })
  await expect(row).toContainText(/uploading \d+%/)
  expect((await node.api('POST', '/v2/move_folder', { origin_path: '/docs', destination_path: '/papers' })).status).toBe(200)

  await expect(row).toHaveAttribute('data-state', 'done', { timeout: 45_000 })
  await files.limitUploads(-1)
  const papers = page.getByRole('treeitem', { name: 'papers' })
  await expect(page.getByRole('treeitem', { name: 'docs' })).toHaveCount(0)
  if ((await papers.getAttribute('aria-expanded')) !== 'true') await papers.click()
  await expect(page.getByRole('treeitem', { name: 'log.txt' })).toBeVisible()
  const listed = await node.api<{ path: string }[]>('GET', '/v2/retrieve_path_simplified?path=/papers')
  expect(listed.body.map((e) => e.path)).toEqual(['/papers/log.txt'])
})
