import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

test('New job’s Provider field: clicked and typed into, it filters the providers; Enter picks the match, Escape keeps the choice', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('office', node.fake.url), name: 'Office box' })
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('laptop', node.fake.url), name: 'Laptop' })
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/jobs/new'))
  const field = page.getByRole('textbox', { name: 'Provider' }).or(page.getByRole('combobox', { name: 'Provider' }))
  await expect(field).toHaveValue(/^Office box/)

  await field.click()
  await page.keyboard.type('lap')
  await expect(field).toHaveValue('lap')
  await expect(page.getByRole('option')).toHaveText([/^Laptop/])
  await page.keyboard.press('Enter')
  await expect(field).toHaveValue(/^Laptop/)

  await field.click()
  await page.keyboard.type('office')
  await page.keyboard.press('Escape')
  await expect(field).toHaveValue(/^Laptop/)
})
