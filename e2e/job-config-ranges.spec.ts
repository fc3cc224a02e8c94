import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { emptyScope, providerBody } from './seed'

test.use({ viewport: { width: 1280, height: 800 } })

test('job config: a number out of range is refused on its field, in words, and nothing is sent or clamped', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const { job_id: jobId } = (
    await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope: emptyScope } })
  ).body
  const sent: string[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/v2/update_job_config')) sent.push(r.postData() ?? '')
  })
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId)
  await page.getByRole('button', { name: 'Details' }).click()
  await page.getByRole('dialog', { name: 'Job details' }).getByRole('button', { name: 'Edit config', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Job config' })

  // Typed, then Enter: the field says what it takes (it was the node's "must be in (0, 1]" in a notice naming no field).
  const temperature = dialog.getByLabel('Temperature')
  await temperature.fill('5')
  const topP = dialog.getByLabel('Top p')
  await topP.fill('0')
  const topK = dialog.getByLabel('Top k')
  await topK.fill('0')
  await topK.press('Enter')
  await expect(temperature).toHaveAccessibleDescription(/Enter the temperature: a number from 0 to 2/)
  await expect(topP).toHaveAccessibleDescription(/Enter the top p: a number above 0, up to 1/)
  await expect(topK).toHaveAccessibleDescription(/Enter the top k: a whole number from 1 to 9,007,199,254,740,991/)
  await expect(page.getByText('must be in (0, 1]')).toHaveCount(0)
  await expect(page.getByText('Config not saved')).toHaveCount(0)
  expect(sent).toEqual([])

  // With the mouse: leaving the field keeps what was typed (it became 2, and Save sent 2 unasked).
  await topP.fill('0.5')
  await topK.fill('10')
  await temperature.fill('3')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(temperature).toHaveValue('3')
  await expect(temperature).toHaveAccessibleDescription(/Enter the temperature: a number from 0 to 2/)
  // The focus goes to the field to fix (Save, at the bottom of a short window's dialog, kept it, the refusal out of sight).
  await expect(temperature).toBeFocused()
  expect(sent).toEqual([])

  // Corrected, it saves, and the panel shows what was saved.
  await temperature.fill('1.2')
  await expect(temperature).not.toHaveAccessibleDescription(/Enter the temperature/)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toHaveCount(0)
  expect(sent).toHaveLength(1)
  const panel = page.getByRole('dialog', { name: 'Job details' })
  await expect(panel.getByRole('row', { name: /Temperature/ })).toContainText('1.2')
  await expect(panel.getByRole('row', { name: /Top p/ })).toContainText('0.5 / 10')
})
