import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { emptyScope, providerBody } from './seed'

test('800 × 600: a missing scope entry with a long path is read whole in Edit scope, not cut before its file name', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const name = `Quarterly report of the northern regional office ${'x'.repeat(80)}.txt`
  const source = { Standard: { FileRef: { file_name: name, file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } } }
  const item = { name, path: { path_ids: ['Old archive 2019', 'Finance department', name] }, source }
  const { job_id: jobId } = (
    await node.api<{ job_id: string }>('POST', '/v2/create_job', {
      llm_provider: 'gpt',
      job_creation_info: { scope: { ...emptyScope, vector_fs_items: [item] } }
    })
  ).body
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId)
  await page.getByRole('button', { name: 'Details' }).click()
  await page.getByRole('button', { name: 'Edit scope' }).click()
  const row = page.getByRole('dialog', { name: 'Edit scope' }).getByTestId('scope-missing')
  await expect(row).toContainText(`/Old archive 2019/Finance department/${name} is no longer in the library`)
  const text = row.getByText(/is no longer in the library/)
  expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await expect(row.getByRole('button', { name: `Remove ${name}` })).toBeInViewport()
})
