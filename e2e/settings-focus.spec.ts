import { expect, test } from './fixtures/node'
import { openSettingsWithModel } from './pages/settings'
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
  // Saved (the note may give way at once: the file fails within moments, and the failure is then the one thing said).
  await expect(page.getByTestId('embedding-current')).toContainText('emb-2')
  const modelName = page.getByRole('textbox', { name: /Embedding model name/ })
  const focusedOn = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName)
  // On what was saved until the file fails (the fake has no embeddings endpoint), then on the model's name to change it.
  await expect.poll(focusedOn).toMatch(/^(embedding-saved|INPUT)$/)
  await expect(page.getByTestId('embedding-failed')).toContainText("'emb-2'", { timeout: 20_000 })
  await expect(modelName).toBeFocused()
  expect(await onBody(page)).toBe(false)
})

test('Settings: Escape in an edited field puts back the saved value (a second does nothing), Enter saves the node name', async ({
  page,
  node
}) => {
  await openSettingsWithModel(page, node)
  const name = page.getByRole('textbox', { name: 'Node name' })
  await expect(name).toHaveValue('@@localhost.sep-shinkai')
  await name.fill('not a name')
  await expect(page.getByText(/starts with @@/)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(name).toHaveValue('@@localhost.sep-shinkai')
  await expect(page.getByText(/starts with @@/)).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(name).toHaveValue('@@localhost.sep-shinkai')
  await expect(name).toBeFocused()

  await name.fill('@@desk.sep-shinkai')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible()
  expect((await node.api<{ node_name: string }>('GET', '/v2/health_check')).body.node_name).toBe('@@desk.sep-shinkai')

  const model = page.getByRole('textbox', { name: /Embedding model name/ })
  await expect(model).toHaveValue('emb-1')
  await model.fill('emb-2')
  await page.keyboard.press('Escape')
  await expect(model).toHaveValue('emb-1')
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled()

  const provider = page.getByRole('combobox', { name: 'Provider' })
  await provider.click()
  await page.getByRole('option', { name: 'None (keywords only)' }).click()
  await expect(provider).toHaveValue('None (keywords only)')
  await page.keyboard.press('Escape')
  await expect(provider).toHaveValue(/^live/)
  await expect(model).toBeEnabled()
  expect((await node.api('GET', '/v2/get_default_embedding_model')).body).toEqual({ provider_id: 'live', model: 'emb-1' })
})

test('Settings in a short window: Save with a model name too long, or none, focuses the name with the sentence saying why in view (an emptied name left the focus on Save)', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 440 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('live', node.fake.url))
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('combobox', { name: 'Provider' }).click()
  await page.getByRole('option', { name: /^live/ }).click()
  const modelName = page.getByRole('textbox', { name: /Embedding model name/ })
  await modelName.fill('m'.repeat(256))
  // Scrolled back to the top, as after reading the page: Save is pressed from the keyboard.
  await page.evaluate(() => document.scrollingElement?.scrollTo(0, 0))
  await page.getByRole('button', { name: 'Save', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(modelName).toBeFocused()
  await expect(page.getByText("An embedding model's name can be at most 255 characters; this one has 256.")).toBeInViewport({ ratio: 0.9 })

  // An emptied name says what to enter, in view as well.
  await modelName.fill('')
  await page.evaluate(() => document.scrollingElement?.scrollTo(0, 0))
  await page.getByRole('button', { name: 'Save', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(modelName).toBeFocused()
  await expect(page.getByText('Type the name of an embedding model this provider’s server has')).toBeInViewport({ ratio: 0.9 })
})
