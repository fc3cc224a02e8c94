import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { emptyScope, providerBody } from './seed'

const source = (file: string) => ({
  Standard: { FileRef: { file_name: file, file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } }
})

test('Edit scope: removing missing entries one after another with the keyboard keeps the others listed and the focus on the next Remove button', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Gone' })
  const names = ['a.txt', 'b.txt', 'c.txt']
  for (const n of names) expect((await node.upload('/Gone', n, `The text of ${n}.`)).status).toBe(200)
  const items = names.map((n) => ({ name: n, path: { path_ids: ['Gone', n] }, source: source(n) }))
  const { job_id: jobId } = (
    await node.api<{ job_id: string }>('POST', '/v2/create_job', {
      llm_provider: 'gpt',
      job_creation_info: { scope: { ...emptyScope, vector_fs_items: items } }
    })
  ).body
  expect((await node.api('POST', '/v2/delete_folder', { path: '/Gone' })).status).toBe(200)

  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId)
  await page.getByRole('button', { name: 'Details' }).click()
  await page.getByRole('button', { name: 'Edit scope' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit scope' })
  const missing = dialog.getByTestId('scope-missing')
  await expect(missing).toHaveCount(3)
  // Every count of missing rows drawn from now on.
  await page.evaluate(() => {
    const seen: number[] = []
    ;(window as unknown as { missingCounts: number[] }).missingCounts = seen
    new MutationObserver(() => seen.push(document.querySelectorAll('[data-testid=scope-missing]').length)).observe(document.body, {
      subtree: true,
      childList: true
    })
  })

  await dialog.getByRole('button', { name: 'Remove a.txt' }).focus()
  await page.keyboard.press('Enter')
  await expect(missing).toHaveCount(2)
  await expect(dialog.getByRole('button', { name: 'Remove b.txt' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(missing).toHaveCount(1)
  await expect(dialog.getByRole('button', { name: 'Remove c.txt' })).toBeFocused()
  await expect(dialog.getByTestId('library-selection-count')).toHaveText('Nothing selected, 1 missing')
  // The rows left were listed all along: never none while the node checked the smaller scope.
  expect(await page.evaluate(() => (window as unknown as { missingCounts: number[] }).missingCounts)).not.toContain(0)

  await dialog.getByRole('button', { name: 'Save scope' }).click()
  await expect(dialog).toBeHidden()
  expect((await node.api('GET', `/v2/get_job_scope?job_id=${jobId}`)).body).toEqual({ ...emptyScope, vector_fs_items: [items[2]] })
})
