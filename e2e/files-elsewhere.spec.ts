import { expect, test } from './fixtures/node'
import { FilesPage } from './pages/files'
import { providerBody } from './seed'

/* What another window or a script changes in the library, the Files page follows. */

test('the upload folder deleted elsewhere: uploads go to the folder above, not to the folder the node no longer has', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Drafts' })
  await node.api('POST', '/v2/create_folder', { path: '/Drafts', folder_name: 'May' })
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/files'))
  const files = new FilesPage(page)
  await page.getByRole('treeitem', { name: 'Drafts' }).click()
  await page.getByRole('treeitem', { name: 'May' }).click()
  await expect(page.getByText(/go into \/Drafts\/May,/)).toBeVisible()
  // A script deletes the whole folder, the upload folder with it.
  expect((await node.api('POST', '/v2/delete_folder', { path: '/Drafts' })).status).toBe(200)
  await expect(page.getByText(/go into the top folder,/)).toBeVisible()
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'minutes.txt', mimeType: 'text/plain', buffer: Buffer.from('Minutes of the May meeting.') })
  await expect(files.uploads().filter({ hasText: 'minutes.txt' })).toHaveAttribute('data-state', 'done')
  const listed = await node.api<{ path: string }[]>('GET', '/v2/retrieve_path_simplified?path=/&depth=0')
  expect(listed.body.map((i) => i.path)).toEqual(['/minutes.txt'])
})
