// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ProviderWizard } from '../../src/renderer/src/features/providers/ProviderWizard'
import { addProvider, useTestNode, useFakeLlm } from '../support/node'
import { renderWithApp, routerTransport } from './render'

/* Issue 10, items 2 and 6 in the provider form: a key the node cannot decrypt, and a key that cannot follow a new URL. */

const node = useTestNode()
const fake = useFakeLlm(['claude-x'])
beforeEach(() => {
  window.location.hash = '#/providers/edit'
})
afterEach(cleanup)

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }))
const listed = async () =>
  (await node.get('/v2/available_llm_providers')).body as { id: string; has_api_key: boolean; key_unreadable?: true }[]

describe('provider edit', () => {
  it('asks for the key again when the stored one cannot be decrypted, and saving the typed key heals it', async () => {
    await addProvider(node, 'claude', { api_key: 'sk-old', external_url: fake.url, model: { Claude: { model_type: 'claude-x' } } })
    // Sealed with a secret key this machine no longer has (what a lost secret.key leaves behind).
    node.store.db.prepare('UPDATE providers SET api_key = ? WHERE id = ?').run(Buffer.concat([Buffer.from([1]), randomBytes(40)]), 'claude')
    expect((await listed())[0]).toMatchObject({ has_api_key: false, key_unreadable: true })

    renderWithApp(<ProviderWizard mode={{ kind: 'edit', providerId: 'claude' }} />, routerTransport(node.router))
    await screen.findByRole('heading', { name: 'Edit provider “claude”' })
    await next()
    expect(screen.getByTestId('key-unreadable').textContent).toMatch(/can no longer be decrypted/)
    const key = screen.getByLabelText<HTMLInputElement>(/^API key/)
    expect(key.value).toBe('')
    await next()
    expect(await screen.findByText('Anthropic Claude needs an API key')).toBeTruthy()

    await userEvent.type(key, 'sk-typed-again')
    await next()
    await next()
    await next()
    await userEvent.click(screen.getByRole('button', { name: 'Test & save' }))
    await waitFor(() => expect(window.location.hash).toBe('#/providers'))
    expect(fake.requests.at(-1)!.headers['x-api-key']).toBe('sk-typed-again')
    const [entry] = await listed()
    expect(entry).toMatchObject({ id: 'claude', has_api_key: true })
    expect(entry).not.toHaveProperty('key_unreadable')
  })

  it('a new address with the stored key left unchanged is refused on the key field before anything is sent', async () => {
    await addProvider(node, 'gpt', { api_key: 'sk-stored', external_url: `${fake.url}/v1`, model: { OpenAI: { model_type: 'claude-x' } } })
    renderWithApp(<ProviderWizard mode={{ kind: 'edit', providerId: 'gpt' }} />, routerTransport(node.router))
    await screen.findByRole('heading', { name: 'Edit provider “gpt”' })
    await next()
    const url = await screen.findByLabelText<HTMLInputElement>(/^API base URL/)
    // The same address written differently is still its own.
    await userEvent.clear(url)
    await userEvent.type(url, `${fake.url}/v1/`)
    await next()
    expect(await screen.findByRole('combobox', { name: /^Model/ })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    const again = await screen.findByLabelText<HTMLInputElement>(/^API base URL/)
    await userEvent.clear(again)
    await userEvent.type(again, 'http://127.0.0.1:9/v1')
    await next()
    expect(
      await screen.findByText(`The stored key is only sent to ${fake.url}/v1. Enter the API key for the new address, or press Remove key`)
    ).toBeTruthy()
    expect(fake.requests).toHaveLength(0)
  })
})
