// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useAddDraft } from '../../src/renderer/src/features/providers/draft-store'
import { ProviderWizard } from '../../src/renderer/src/features/providers/ProviderWizard'
import { addProvider, useFakeLlm, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

/*
 * A key written into a provider's address reaches the window only as ********: the edit form shows
 * that, sends it back unchanged, and the node keeps calling with the stored key. Adding, a key typed
 * into the address is shown hidden on the review and never written to the page's storage.
 */
const SECRET = 'proxy-secret-42'
const node = useTestNode()
const fake = useFakeLlm(['model-a', 'model-b'])
beforeEach(() => {
  useAddDraft.getState().discard()
  localStorage.clear()
  window.location.hash = '#/providers'
})
afterEach(cleanup)

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }))
const wizard = (mode: Parameters<typeof ProviderWizard>[0]['mode']) =>
  renderWithApp(<ProviderWizard mode={mode} />, routerTransport(node.router))
const gatewayUrl = () => `${fake.url}/v1?api-version=2024-10-21&key=${SECRET}`
const storedUrl = () => (JSON.parse(node.store.providers.get('gw')!.provider_json) as { external_url: string }).external_url
const keysSent = () => fake.requests.map((r) => new URL(r.path, 'http://x').searchParams.get('key'))

describe('editing a provider whose address holds a key', () => {
  beforeEach(() => addProvider(node, 'gw', { api_key: 'sk-old', external_url: gatewayUrl(), model: { OpenAI: { model_type: 'model-a' } } }))

  it('shows ******** on the connection step and the review, and saves without touching the address: the stored key keeps working', async () => {
    wizard({ kind: 'edit', providerId: 'gw' })
    await screen.findByRole('heading', { name: 'Edit provider “gw”' })
    await next()
    const url = screen.getByLabelText<HTMLInputElement>(/^API base URL/)
    expect(url.value).toBe(`${fake.url}/v1?api-version=2024-10-21&key=********`)
    await next()
    await userEvent.click(screen.getByRole('button', { name: "List the provider's models" }))
    expect(await screen.findByText('2 models listed')).toBeTruthy()
    await next()
    await next()
    expect(screen.getByTestId('review-summary').textContent).toContain(`${fake.url}/v1?api-version=2024-10-21&key=********`)
    await userEvent.click(screen.getByRole('button', { name: 'Show the exact request (JSON)' }))
    expect(document.body.innerHTML).not.toContain(SECRET)

    await userEvent.click(screen.getByRole('button', { name: 'Test & save' }))
    // The page was already at #/providers (beforeEach): the saved notice is what says the save is done.
    expect(await screen.findByText(/^Provider “.+” saved$/, undefined, { timeout: 5000 })).toBeTruthy()
    expect(window.location.hash).toBe('#/providers')
    expect(storedUrl()).toBe(gatewayUrl())
    // The listing, then the test call: both with the stored key, none with the placeholder.
    expect(fake.requests.map((r) => r.method)).toEqual(['GET', 'POST'])
    expect(keysSent()).toEqual([SECRET, SECRET])
  })

  it('with a new API key typed, the models are still listed with the key of the address', async () => {
    wizard({ kind: 'edit', providerId: 'gw' })
    await screen.findByRole('heading', { name: 'Edit provider “gw”' })
    await next()
    fireEvent.change(screen.getByLabelText(/^API key/), { target: { value: 'sk-new' } })
    await next()
    await userEvent.click(screen.getByRole('button', { name: "List the provider's models" }))
    expect(await screen.findByText('2 models listed')).toBeTruthy()
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-new')
    expect(keysSent()).toEqual([SECRET])
  })

  it('moved to another address with ******** left in it, the form asks for the key itself and sends nothing', async () => {
    wizard({ kind: 'edit', providerId: 'gw' })
    await screen.findByRole('heading', { name: 'Edit provider “gw”' })
    await next()
    const url = screen.getByLabelText<HTMLInputElement>(/^API base URL/)
    await userEvent.clear(url)
    await userEvent.type(url, 'http://127.0.0.1:9/v1?api-version=2024-10-21&key=********')
    await next()
    expect(
      await screen.findByText(
        `The hidden value of 'key' is only sent to ${fake.url}/v1. Type the value of 'key' in place of ******** for the new address`
      )
    ).toBeTruthy()
    expect(screen.getByLabelText(/^API base URL/)).toBeTruthy() // still on the connection step
    expect(fake.requests).toEqual([])
  })
})

describe('adding a provider with a key in its address', () => {
  it('the review shows it hidden, the draft in the page storage never holds it, and a reload asks for it again', async () => {
    window.location.hash = '#/providers/new'
    const form = wizard({ kind: 'add' })
    await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
    await next()
    await userEvent.type(screen.getByLabelText(/^API base URL/), gatewayUrl())
    await next()
    await userEvent.click(await screen.findByRole('checkbox', { name: 'model-a' }))
    expect(keysSent()).toEqual([SECRET]) // listed with the key as typed
    await next()
    await userEvent.type(screen.getByLabelText('Display name'), 'Gateway')
    await next()
    expect(screen.getByTestId('review-summary').textContent).toContain('key=********')
    await userEvent.click(screen.getByRole('button', { name: 'Show the exact request (JSON)' }))
    expect(screen.getByTestId('review-json').textContent).not.toContain(SECRET)
    form.unmount()
    expect(localStorage.getItem('nodedesk.providerDraft')).not.toContain(SECRET)

    await useAddDraft.persist.rehydrate()
    wizard({ kind: 'add' })
    expect(await screen.findByText(/A key written into the address is never kept either: type it again in place of \*{8}\./)).toBeTruthy()
    const url = screen.getByLabelText<HTMLInputElement>(/^API base URL/)
    expect(url.value).toBe(`${fake.url}/v1?api-version=2024-10-21&key=********`)
    await userEvent.clear(url)
    await userEvent.type(url, gatewayUrl())
    await next()
    expect((await screen.findByRole<HTMLInputElement>('checkbox', { name: 'model-a' })).checked).toBe(true)
  })
})
