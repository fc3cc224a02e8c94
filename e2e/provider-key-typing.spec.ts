import { expect, test } from './fixtures/node'
import { providerBody } from './seed'
import { WizardPage } from './pages/wizard'

test('editing a provider, a new API key typed a letter at a time is all kept, and Test & save sends it whole', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('gpt', node.fake.url), api_key: 'sk-old' })
  node.fake.behaviour = { type: 'reply', chunks: ['OK'] }
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  await page.getByRole('link', { name: 'Edit gpt' }).click()
  const wizard = new WizardPage(page)
  await wizard.next()
  const key = page.getByLabel(/^API key/)
  await expect(key).toHaveAttribute('placeholder', 'unchanged')
  // Typed as a person types: the field turns from "unchanged" into the new key's field at the first letter.
  await key.click()
  await page.keyboard.type('sk-new-key', { delay: 20 })
  await expect(page.getByLabel(/^API key/)).toHaveValue('sk-new-key')
  await expect(page.getByLabel(/^API key/)).toBeFocused()
  await wizard.next() // the model
  await wizard.next() // the identity
  await wizard.next() // the review
  await page.getByRole('button', { name: 'Test & save' }).click()
  await expect(page.getByTestId('provider-row-gpt')).toBeVisible()
  expect(node.fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-new-key')
})
