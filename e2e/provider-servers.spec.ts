import { startMockLlm, type MockLlm } from '../test/support/mock-llm'
import { expect, test } from './fixtures/node'
import { WizardPage } from './pages/wizard'

/** @dwmkerr/mock-llm offering three models: it echoes the last message, whatever the model. */
const THREE_MODELS = `rules:
  - path: "/v1/chat/completions"
    method: "POST"
    match: "@"
    response:
      status: 200
      content: |
        {
          "id": "chatcmpl-{{timestamp}}",
          "object": "chat.completion",
          "model": "{{jmes request body.model}}",
          "choices": [{
            "message": {"role": "assistant", "content": "{{jmes request body.messages[-1].content}}"},
            "finish_reason": "stop"
          }]
        }
  - path: "/v1/models"
    method: "GET"
    response:
      status: 200
      content: |
        {"object": "list", "data": [
          {"id": "mock-alpha", "object": "model"},
          {"id": "mock-beta", "object": "model"},
          {"id": "mock-gamma", "object": "model"}
        ]}
`

let mock: MockLlm | undefined
test.afterEach(async () => {
  await mock?.close()
  mock = undefined
})

test('three models from one mock-llm server in one go; a check passes, then fails once the server is gone; the node-down banner comes and goes', async ({
  page,
  node
}) => {
  mock = await startMockLlm(THREE_MODELS)
  await page.goto(node.uiUrl)
  const wizard = new WizardPage(page)
  await wizard.chooseKind('OpenAI-compatible server')
  await wizard.connection(mock.url)
  await expect(page.getByTestId('models-listed')).toHaveText('3 models listed')
  await wizard.chooseModels(['mock-alpha', 'mock-beta', 'mock-gamma'])
  await wizard.next()
  await page.getByLabel('Display name').fill('Mock box')
  await expect(page.getByTestId('provider-ids')).toContainText('mock-box-mock-gamma')
  await wizard.next()
  await expect(wizard.summary()).toContainText('Models (3)mock-alpha, mock-beta, mock-gamma')
  await page.getByRole('button', { name: 'Test & add 3 providers' }).click()
  await expect(page.getByRole('heading', { name: 'New job' })).toBeVisible()

  const stored = (
    await node.api<{ id: string; name: string; external_url: string; last_check: { ok: boolean } }[]>('GET', '/v2/available_llm_providers')
  ).body
  expect(stored.map((p) => [p.id, p.name, p.external_url, p.last_check.ok])).toEqual([
    ['mock-box-mock-alpha', 'Mock box · mock-alpha', mock.url, true],
    ['mock-box-mock-beta', 'Mock box · mock-beta', mock.url, true],
    ['mock-box-mock-gamma', 'Mock box · mock-gamma', mock.url, true]
  ])

  // One server on the providers page, its three models under it.
  await page.getByRole('link', { name: 'Providers' }).click()
  const server = page.getByRole('region', { name: `OpenAI-compatible server at ${mock.url}` })
  await expect(server.getByRole('row')).toHaveCount(4)
  await expect(server.getByTestId('provider-row-mock-box-mock-beta')).toContainText('Mock box · mock-beta')

  const beta = page.getByTestId('provider-row-mock-box-mock-beta')
  await beta.getByRole('button', { name: 'Check Mock box · mock-beta' }).click()
  await expect(beta.getByTestId('last-check')).toHaveAttribute('data-state', 'ok')
  await expect(beta.getByTestId('last-check')).toContainText("answered with model 'mock-beta'")

  // The server stops: the check fails and says so, in a sentence naming the server.
  await mock.close()
  mock = undefined
  await beta.getByRole('button', { name: 'Check Mock box · mock-beta' }).click()
  await expect(beta.getByTestId('last-check')).toHaveAttribute('data-state', 'failed')
  await expect(beta.getByTestId('last-check')).toContainText('Not working')
  await expect(beta.getByTestId('last-check')).toContainText('OpenAI-compatible server')

  // The node stops: the banner comes; it starts again: the banner goes. Each within 1-2.5 s by
  // design, which a loaded machine stretches: the waits are long enough for that, and fail only
  // when the banner never changes.
  const banner = page.getByTestId('node-down-banner')
  await expect(banner).toHaveCount(0)
  node.serve.child.kill('SIGTERM')
  await node.serve.exited
  await expect(banner).toBeVisible({ timeout: 10_000 })
  await expect(banner).toContainText('The node is not answering')
  await node.restart()
  await expect(banner).toHaveCount(0, { timeout: 10_000 })
  // A restarted headless node forgets browser sessions: the window says how to go on.
  await expect(page.getByTestId('session-ended-banner')).toContainText('Open the UI address the node printed')
  await page.goto('about:blank') // a real load: a new address differing only in its fragment would not reload the page
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  await expect(page.getByTestId('provider-row-mock-box-mock-beta')).toBeVisible()
  await expect(page.getByTestId('session-ended-banner')).toHaveCount(0)
})
