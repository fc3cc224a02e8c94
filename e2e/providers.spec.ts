import { expect, test } from './fixtures/node'
import { emptyScope, providerBody } from './seed'

test('providers page: remove asks first; a provider jobs still use is kept with a clear message', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('in-use', node.fake.url))
  await node.api('POST', '/v2/add_llm_provider', providerBody('spare', node.fake.url, 'Ollama', 'llama3.2'))
  for (let i = 0; i < 2; i++) await node.api('POST', '/v2/create_job', { llm_provider: 'in-use', job_creation_info: { scope: emptyScope } })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  await expect(page.getByTestId('provider-row-in-use')).toBeVisible()

  // Cancel keeps it.
  await page.getByRole('button', { name: 'Remove spare' }).click()
  await expect(page.getByRole('dialog', { name: 'Remove provider “spare”?' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('provider-row-spare')).toBeVisible()

  // In use: refused, said clearly, nothing removed.
  await page.getByRole('button', { name: 'Remove in-use' }).click()
  await page.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(
    page.getByText("LLM provider 'in-use' is used by 2 jobs; switch them to another provider first", { exact: true })
  ).toBeVisible()
  await expect(page.getByTestId('provider-row-in-use')).toBeVisible()

  // Unused: removed.
  await page.getByRole('button', { name: 'Remove spare' }).click()
  await page.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(page.getByTestId('provider-row-spare')).toHaveCount(0)
  expect((await node.api<{ id: string }[]>('GET', '/v2/available_llm_providers')).body.map((p) => p.id)).toEqual(['in-use'])
})

test('providers page at 800 px wide: the key and last-check badges stay whole words, not cut to "N." and "Wo…"', async ({ page, node }) => {
  await page.setViewportSize({ width: 800, height: 700 })
  await node.api('POST', '/v2/add_llm_provider', {
    ...providerBody('local-model', node.fake.url),
    api_key: null,
    name: 'Local model',
    description: 'The model on this machine'
  })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  const row = page.getByTestId('provider-row-local-model')
  await row.getByRole('button', { name: /Check/ }).click()
  await expect(row.getByTestId('last-check')).toHaveAttribute('data-state', 'ok')
  const labels = row.locator('.mantine-Badge-label')
  await expect(labels).toHaveText(['none', 'Works'])
  for (const label of await labels.all()) expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
})

test('Check pressed from the keyboard keeps the focus on Check once the provider has answered (a disabled button used to drop it to the page)', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('local-model', node.fake.url), api_key: null })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  const row = page.getByTestId('provider-row-local-model')
  const check = row.getByRole('button', { name: /Check/ })
  await check.focus()
  await page.keyboard.press('Enter')
  await expect(row.getByTestId('last-check')).toHaveAttribute('data-state', 'ok')
  await expect(check).toBeFocused()
})
