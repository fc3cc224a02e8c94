import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { emptyScope, providerBody } from './seed'

test.use({ viewport: { width: 1280, height: 800 } })

// The window read a job's other_model_params through JSON.parse (12345678901234567890 became
// 12345678901234567000) and the Job config dialog saved that back: a number changed that nobody edited.
test('job config: saving the dialog keeps a whole number past 2^53 in other_model_params digit for digit', async ({ page, node }) => {
  const BIG = '12345678901234567890'
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const { job_id: jobId } = (
    await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope: emptyScope } })
  ).body
  const inbox = `job_inbox::${jobId}::false`
  const stored = (await node.api<{ job_config: Record<string, unknown> }>('GET', `/v2/get_inbox?inbox_name=${encodeURIComponent(inbox)}`))
    .body
  // JSON.rawJSON: this test's own request writes the number as its digits.
  const config = { ...stored.job_config, other_model_params: { seed_of_record: JSON.rawJSON(BIG) } }
  expect((await node.api('POST', '/v2/update_job_config', { job_id: jobId, config })).status).toBe(200)

  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId)
  await page.getByRole('button', { name: 'Details' }).click()
  await page.getByRole('dialog', { name: 'Job details' }).getByRole('button', { name: 'Edit config', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Job config' })
  await dialog.getByLabel('Temperature').fill('0.4')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toHaveCount(0)

  // Read as text with the page's own session: the stored digits, not JSON.parse's rounding of them.
  const text = await page.evaluate(async (name) => (await fetch(`/v2/get_inbox?inbox_name=${encodeURIComponent(name)}`)).text(), inbox)
  expect(text).toContain('"temperature":0.4')
  expect(text).toContain(`"other_model_params":{"seed_of_record":${BIG}}`)
})
