import { expect, test } from './fixtures/node'
import { FilesPage } from './pages/files'
import { providerBody } from './seed'

/*
 * Files picked into a folder are sent four at a time; the operator renames the folder in this window
 * while the first are being sent. The node follows the folder for a file being sent, but one still
 * waiting in the window's queue was sent later naming the old path, and failed with "no folder /docs".
 */
test('files still queued when their folder is renamed in the window land in it under its new name', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'docs' })
  const files = new FilesPage(page)
  await files.openUploadFolder(node.uiUrl, 'docs')
  // A slow link (512 KB/s up): four files of 1 MB are being sent (shared-upload-queue.ts) while the other two wait.
  await files.limitUploads(512 * 1024)
  const names = ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt', 'f.txt']
  await files.pick(names.map((name) => ({ name, text: Buffer.alloc(1024 * 1024, `the keeper logs ${name} `) })))
  await expect(files.uploads().filter({ hasText: 'a.txt' })).toContainText(/uploading \d+%/)
  await expect(files.uploads().filter({ hasText: 'f.txt' })).toHaveAttribute('data-state', 'queued')

  await page.getByRole('treeitem', { name: 'docs' }).focus()
  await page.keyboard.press('F2')
  const dialog = page.getByRole('dialog', { name: 'Rename or move docs' })
  await dialog.getByLabel('Name').fill('papers')
  await dialog.getByRole('button', { name: 'Rename' }).click()
  await expect(dialog).toHaveCount(0)

  for (const name of names)
    await expect(files.uploads().filter({ hasText: name })).toHaveAttribute('data-state', 'done', { timeout: 45_000 })
  await files.limitUploads(-1)
  const listed = await node.api<{ path: string }[]>('GET', '/v2/retrieve_path_simplified?path=/papers')
  expect(listed.body.map((e) => e.path).sort()).toEqual(names.map((n) => `/papers/${n}`))
})
