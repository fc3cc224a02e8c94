import { expect, test } from './fixtures/node'
import { NewJobPage } from './pages/new-job'
import { providerBody } from './seed'

test('New job: the folder chosen for files uploaded from the scope editor, deleted elsewhere, gives way to the folder above, and the upload lands there', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Projects' })
  await node.api('POST', '/v2/create_folder', { path: '/Projects', folder_name: 'Drop here' })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'New job' }).first().click()
  const lib = new NewJobPage(page).library()
  const folder = lib.getByRole('combobox', { name: 'Folder for dropped files' })
  await folder.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('Drop here')
  await page.getByRole('option', { name: '/Projects/Drop here' }).click()
  await expect(folder).toHaveValue('/Projects/Drop here')

  // Another client deletes it.
  expect((await node.api('POST', '/v2/delete_folder', { path: '/Projects/Drop here' })).status).toBe(200)
  await expect(folder).toHaveValue('/Projects')

  await lib
    .locator('input[type=file]')
    .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Meeting notes.') }])
  await expect(lib.getByTestId('scope-upload')).toHaveText('notes.txt: uploaded and selected')
  await expect(lib.getByTestId('library-selection-count')).toHaveText('1 file selected')
  expect((await node.api('GET', '/v2/retrieve_path_simplified?path=/Projects')).body).toEqual([
    expect.objectContaining({ path: '/Projects/notes.txt' })
  ])
})
