import { expect, test } from './fixtures/node'
import { WizardPage } from './pages/wizard'

/* A provider's test call to a server that never answers can be cancelled: the wizard is not held for the node's 2-minute limit. */

test('Cancel test: the wizard stops waiting at once, says nothing was saved, and the next test adds the provider', async ({
  page,
  node
}) => {
  await page.goto(node.uiUrl)
  await expect(page.getByRole('heading', { name: 'Add an LLM provider' })).toBeVisible()
  const wizard = new WizardPage(page)
  await wizard.chooseKind('OpenAI')
  await wizard.connection(node.fake.url, 'sk-e2e-secret')
  await wizard.model('gpt-e2e')
  await wizard.identity('Slow GPT')
  node.fake.behaviour = { type: 'hang' }
  const submit = page.getByRole('button', { name: 'Test & add provider' })
  await submit.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for the model to answer the test call' })).toBeVisible()
  // The submit button is disabled while the test runs: the focus is on Cancel test, not on the page.
  const cancel = page.getByRole('button', { name: 'Cancel test' })
  await expect(cancel).toBeFocused()
  await expect.poll(() => node.fake.concurrency.now).toBe(1) // the node is waiting on the server
  const started = Date.now()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert').filter({ hasText: 'The test was cancelled' })).toContainText('Nothing was saved.')
  expect(Date.now() - started).toBeLessThan(5_000)
  await expect(cancel).toHaveCount(0)
  await expect(submit).toBeEnabled()
  await expect(submit).toBeFocused()
  expect((await node.api<unknown[]>('GET', '/v2/available_llm_providers')).body).toEqual([])

  node.fake.behaviour = { type: 'reply', chunks: ['OK'] }
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'New job' })).toBeVisible()
  const listed = await node.api<{ id: string }[]>('GET', '/v2/available_llm_providers')
  expect(listed.body.map((p) => p.id)).toEqual(['slow-gpt'])
})
