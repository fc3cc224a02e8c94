import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/*
 * Save on Settings is disabled once the setting is saved (nothing is left to save): a keyboard user
 * who pressed it, or confirmed its dialog (which hands the focus back to it), was left on the page's body.
 */
const onBody = (page: import('@playwright/test').Page) => page.evaluate(() => document.activeElement === document.body)

test('Settings: after Save, and after confirming that every file is embedded again, the focus is on what was saved (then, once the files fail, on the model name), not on the body', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('live', node.fake.url))
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('combobox', { name: 'Provider' }).click()
  await page.getByRole('option', { name: /^live/ }).click()
  await page.getByRole('textbox', { name: /Embedding model name/ }).fill('emb-1')
  await page.getByRole('button', { name: 'Save', exact: true }).focus()
  await page.keyboard.press('Enter')
  const saved = page.getByTestId('embedding-saved')
  await expect(saved).toBeVisible()
  await expect(saved).toBeFocused()

  // With a file in the library, Save asks first; confirmed from the keyboard.
  expect((await node.upload('/', 'a.txt', 'Some words.')).status).toBe(200)
  await expect(page.getByTestId('embedding-progress')).not.toHaveText('Files: 0 processing · 0 ready · 0 failed')
  await page.getByRole('textbox', { name: /Embedding model name/ }).fill('emb-2')
  await page.getByRole('button', { name: 'Save', exact: true }).focus()
  await page.keyboard.press('Enter')
  await page.getByRole('dialog').getByRole('button', { name: 'Embed the file' }).focus()
  await page.keyboard.press('Enter')
  await expect(saved).toContainText('emb-2')
  const modelName = page.getByRole('textbox', { name: /Embedding model name/ })
  const focusedOn = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName)
  // On what was saved until the file fails (the fake has no embeddings endpoint), then on the model's name to change it.
  await expect.poll(focusedOn).toMatch(/^(embedding-saved|INPUT)$/)
  await expect(page.getByTestId('embedding-failed')).toContainText("'emb-2'", { timeout: 20_000 })
  await expect(modelName).toBeFocused()
  expect(await onBody(page)).toBe(false)
})
