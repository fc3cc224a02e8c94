import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { emptyScope, providerBody } from './seed'

const source = (file: string) => ({
  Standard: { FileRef: { file_name: file, file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } }
})
const item = (folder: string, name: string) => ({ name, path: { path_ids: [folder, name] }, source: source(name) })

test('Edit scope with 2,000 entries no longer in the library: a few are listed, the rest counted, Save stays near, and one button removes them all', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Kept' })
  expect((await node.upload('/Kept', 'kept.txt', 'Still here.')).status).toBe(200)
  // A scope drawn from a folder renamed since: its 2,000 files find nothing.
  const gone = Array.from({ length: 2000 }, (_, i) => item('Archive', `report ${i}.txt`))
  const kept = item('Kept', 'kept.txt')
  const { job_id: jobId } = (
    await node.api<{ job_id: string }>('POST', '/v2/create_job', {
      llm_provider: 'gpt',
      job_creation_info: { scope: { ...emptyScope, vector_fs_items: [...gone, kept] } }
    })
  ).body

  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId)
  await page.getByRole('button', { name: 'Details' }).click()
  await page.getByRole('button', { name: 'Edit scope' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit scope' })
  await expect(dialog.getByTestId('scope-missing-more')).toHaveText('1,950 more entries are no longer in the library.')
  await expect(dialog.getByTestId('scope-missing')).toHaveCount(50)
  // Save within a few screens of the top of the dialog, not 2,000 rows down.
  expect(await dialog.evaluate((el) => el.scrollHeight)).toBeLessThan(4000)

  await dialog.getByRole('button', { name: 'Remove the 2,000 missing entries' }).click()
  await expect(dialog.getByTestId('scope-missing')).toHaveCount(0)
  await expect(dialog.getByTestId('library-selection-count')).toHaveText('1 file selected')
  await expect(dialog.getByRole('textbox', { name: 'Search the library by name' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Save scope' }).click()
  await expect(dialog).toBeHidden()
  expect((await node.api('GET', `/v2/get_job_scope?job_id=${jobId}`)).body).toEqual({ ...emptyScope, vector_fs_items: [kept] })
})
