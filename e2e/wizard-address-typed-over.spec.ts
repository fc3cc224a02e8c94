import { expect, test } from './fixtures/node'

/*
 * The Connection step opens with the focus in its address, which holds the kind's usual one
 * (Ollama's http://127.0.0.1:11434): typed at once, a new address replaces it, as when the field is
 * reached with Tab. The caret was put after it, and the typed address was added to its end.
 */
test('first run, from the keyboard: an address typed as the Connection step opens replaces the usual one filled in', async ({
  page,
  node
}) => {
  await page.goto(node.uiUrl)
  await expect(page.getByRole('heading', { name: 'Add an LLM provider' })).toBeVisible()
  await page.getByRole('radio', { name: 'Ollama' }).focus()
  await page.keyboard.press('Space')
  await page.getByRole('button', { name: 'Next' }).press('Enter')
  const address = page.getByRole('textbox', { name: 'API base URL' })
  await expect(address).toBeFocused()
  await expect(address).toHaveValue('http://127.0.0.1:11434')
  await page.keyboard.type(`${node.fake.url}/v1`)
  await expect(address).toHaveValue(`${node.fake.url}/v1`)

  // Back to Kind and on again: the address kept, and again typed over as a whole.
  await page.getByRole('button', { name: 'Back' }).press('Enter')
  await expect(page.getByRole('radio', { name: 'Ollama' })).toBeFocused()
  await page.getByRole('button', { name: 'Next' }).press('Enter')
  await expect(address).toBeFocused()
  await expect(address).toHaveValue(`${node.fake.url}/v1`)
  await page.keyboard.type('http://127.0.0.1:11435')
  await expect(address).toHaveValue('http://127.0.0.1:11435')
})
