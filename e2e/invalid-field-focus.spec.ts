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
