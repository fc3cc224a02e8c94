import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

test('Node name that nodes do not take: Save name is disabled, Enter keeps the focus on the field, which shows it has the focus', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/settings'))
  const field = page.getByRole('textbox', { name: 'Node name' })
  await expect(field).toHaveValue('@@localhost.sep-shinkai')
  await field.fill('my desk')
  await expect(page.getByRole('button', { name: 'Save name' })).toBeDisabled()
  await page.keyboard.press('Enter')
  await expect(field).toBeFocused()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  // Its red border is the same focused or not: a ring marks the focus.
  const ring = await field.evaluate((el) => getComputedStyle(el).outlineStyle)
  expect(ring).not.toBe('none')
  // Nothing was saved.
  expect((await node.api<{ node_name: string }>('GET', '/v2/health_check')).body.node_name).toBe('@@localhost.sep-shinkai')
})

test('Provider wizard: a missing or misplaced API key is marked invalid, and Next or Test & save take the focus to it', async ({
  page,
  node
}) => {
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/providers/new'))
  await page.getByText('OpenAI', { exact: true }).click()
  await page.getByRole('button', { name: 'Next' }).click()
  const key = page.getByRole('textbox', { name: 'API key' })
  await expect(key).toBeVisible()
  // OpenAI needs a key: Next with none keeps the step and goes to the field, which says it is wrong.
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(key).toHaveAttribute('aria-invalid', 'true')
  await expect(key).toBeFocused()
  await key.fill('sk-e2e')
  await expect(key).not.toHaveAttribute('aria-invalid', 'true')

  // Editing: the address moved away from where the stored key may go; Test & save goes to the key.
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await page.evaluate(() => (location.hash = '#/providers/gpt/edit'))
  await page.getByRole('tab', { name: /Connection/ }).click()
  await page.getByLabel('API base URL').fill('http://127.0.0.1:9/v1')
  const save = page.getByRole('button', { name: 'Test & save' })
  await save.focus()
  await page.keyboard.press('Enter')
  await expect(key).toHaveAttribute('aria-invalid', 'true')
  await expect(key).toBeFocused()
  await expect(page.getByRole('heading', { name: /Edit provider/ })).toBeVisible()
})
