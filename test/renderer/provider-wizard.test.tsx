// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useAddDraft } from '../../src/renderer/src/features/providers/draft-store'
import { ProviderWizard } from '../../src/renderer/src/features/providers/ProviderWizard'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { addProvider, startTestNode, tempDir, type TestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

let node: TestNode
let fake: FakeLlm
let cleanupDir: () => void
beforeEach(async () => {
  const t = tempDir()
  cleanupDir = t.cleanup
  node = startTestNode(t.dir)
  fake = await startFakeLlm(['llama3.2', 'qwen2.5'])
  useAddDraft.getState().discard()
  localStorage.clear()
  window.location.hash = '#/providers/new'
})
afterEach(async () => {
  cleanup()
  await node.close()
  await fake.close()
  cleanupDir()
})

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }))
const wizard = (mode: Parameters<typeof ProviderWizard>[0]['mode'] = { kind: 'add', firstRun: true }) =>
  renderWithApp(<ProviderWizard mode={mode} />, routerTransport(node.router))

describe('provider wizard', () => {
  it('walks kind, connection, model, identity and review, validating each step, then tests and adds exactly the reviewed body', async () => {
    wizard()
    await screen.findByRole('heading', { name: 'Add an LLM provider' })
    await next()
    expect(await screen.findByText('Choose a kind of provider')).toBeTruthy()

    await userEvent.click(screen.getByRole('radio', { name: 'Ollama' }))
    await next()
    const url = screen.getByLabelText('API base URL') as HTMLInputElement
    expect(url.value).toBe('http://127.0.0.1:11434') // the kind's default, editable
    await userEvent.clear(url)
    await userEvent.type(url, fake.url)
    await next() // Ollama needs no key

    await next()
    expect(await screen.findByText('Choose or type a model')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: "List the provider's models" }))
    expect(await screen.findByText('2 models listed')).toBeTruthy()
    await userEvent.type(screen.getByRole('combobox', { name: 'Model' }), 'llama3.2')
    await next()

    await userEvent.type(screen.getByLabelText('Display name'), 'Local Llama!')
    expect((screen.getByLabelText(/^Provider id/) as HTMLInputElement).value).toBe('local-llama')
    expect(screen.getByTestId('full-identity-name').textContent).toBe('@@localhost.sep-shinkai/main/agent/local-llama')
    await userEvent.clear(screen.getByLabelText(/^Provider id/))
    await userEvent.type(screen.getByLabelText(/^Provider id/), 'bad id')
    await next()
    expect(await screen.findByText(/Enter an id: letters, digits, _ and -, up to 64 characters/)).toBeTruthy()
    await userEvent.clear(screen.getByLabelText(/^Provider id/))
    await userEvent.type(screen.getByLabelText(/^Provider id/), 'local-llama')
    await userEvent.click(screen.getByRole('switch', { name: /Perform locally/ }))
    await next()

    const expected = {
      allowed_message_senders: [],
      full_identity_name: {
        full_name: '@@localhost.sep-shinkai/main/agent/local-llama',
        node_name: '@@localhost.sep-shinkai',
        profile_name: 'main',
        subidentity_name: 'local-llama',
        subidentity_type: 'Agent'
      },
      id: 'local-llama',
      model: { Ollama: { model_type: 'llama3.2' } },
      perform_locally: true,
      storage_bucket_permissions: [],
      toolkit_permissions: [],
      external_url: fake.url
    }
    expect(JSON.parse(screen.getByTestId('review-json').textContent!)).toEqual(expected)
    await userEvent.click(screen.getByRole('button', { name: 'Test & add provider' }))
    await waitFor(() => expect(window.location.hash).toBe('#/jobs/new'))
    expect(fake.requests.map((r) => r.path)).toEqual(['/api/tags', '/api/chat']) // listed, then one test call
    // "Test & add" passed: the test of exactly these settings is the new provider's first check.
    expect((await node.get('/v2/available_llm_providers')).body).toEqual([
      { ...expected, has_api_key: false, last_check: { ok: true, message: expect.stringContaining('answered'), at: expect.any(String) } }
    ])
    expect(useAddDraft.getState().draft).toBeNull() // done: the draft is cleared
  })

  it('keeps the draft when the page is left and opened again, but never stores the key', async () => {
    const first = wizard()
    await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI' }))
    await next()
    await userEvent.type(screen.getByLabelText(/^API key/), 'sk-draft-secret')
    first.unmount()
    expect(localStorage.getItem('nodedesk.providerDraft')).not.toContain('sk-draft-secret')
    wizard()
    expect(((await screen.findByLabelText('API base URL')) as HTMLInputElement).value).toBe('https://api.openai.com/v1')
  })

  it('a hosted kind needs a key before leaving the connection step', async () => {
    wizard()
    await userEvent.click(await screen.findByRole('radio', { name: 'Anthropic Claude' }))
    await next()
    await next()
    expect(await screen.findByText('Anthropic Claude needs an API key')).toBeTruthy()
  })

  it('edit: the key reads "unchanged" unless typed; "Remove key" sends api_key null', async () => {
    await addProvider(node, 'gpt', { api_key: 'sk-old', external_url: fake.url, model: { OpenAI: { model_type: 'gpt-e2e' } } })
    wizard({ kind: 'edit', providerId: 'gpt' })
    await screen.findByRole('heading', { name: 'Edit provider “gpt”' })
    await next()
    expect((screen.getByLabelText(/^API key/) as HTMLInputElement).placeholder).toBe('unchanged')
    await userEvent.click(screen.getByRole('button', { name: 'Remove key' }))
    await next()
    await next()
    await next()
    expect(JSON.parse(screen.getByTestId('review-json').textContent!).api_key).toBeNull()
    // A server of its own (not api.openai.com) needs no key: tested without credentials, then saved keyless.
    await userEvent.click(screen.getByRole('button', { name: 'Test & save' }))
    await waitFor(() => expect(window.location.hash).toBe('#/providers'))
    expect(fake.requests.at(-1)!.headers.authorization).toBeUndefined()
    expect(((await node.get('/v2/available_llm_providers')).body as { has_api_key: boolean }[])[0]!.has_api_key).toBe(false)
  })
})

describe('provider wizard against a hosted kind', () => {
  it('editing a hosted provider and removing its key is refused on the key field, and nothing is saved', async () => {
    await addProvider(node, 'claude', { api_key: 'sk-old', model: { Claude: { model_type: 'claude-x' } } })
    wizard({ kind: 'edit', providerId: 'claude' })
    await screen.findByRole('heading', { name: 'Edit provider “claude”' })
    await next()
    await userEvent.click(screen.getByRole('button', { name: 'Remove key' }))
    await next()
    expect(await screen.findByText('Anthropic Claude needs an API key')).toBeTruthy()
    expect(((await node.get('/v2/available_llm_providers')).body as { has_api_key: boolean }[])[0]!.has_api_key).toBe(true)
  })
})
