// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { wouldLeave } from '../../src/renderer/src/app/leave-guard'
import { hrefOf, parseRoute } from '../../src/renderer/src/app/router'
import { failureToFix } from '../../src/renderer/src/features/providers/failure-to-fix'
import { ProviderWizard, type WizardArrival } from '../../src/renderer/src/features/providers/ProviderWizard'
import { addProvider, useTestNode, useFakeLlm } from '../support/node'
import { renderWithApp, routerTransport } from './render'

/*
 * "Open the provider's settings" under a failed answer opens the edit wizard at the step holding what
 * failed, its field focused, a sentence saying what failed; saved, it goes back to the conversation
 * (where Retry is). It opened at the first step (Kind), and saving went to the Providers page.
 */
const node = useTestNode()
const fake = useFakeLlm(['gpt-e2e', 'gpt-other'])
afterEach(() => {
  cleanup()
  window.location.hash = ''
})

const open = async (arrival: WizardArrival) => {
  await addProvider(node, 'gpt', { api_key: 'sk-old', external_url: fake.url, model: { OpenAI: { model_type: 'gpt-e2e' } } })
  window.location.hash = hrefOf({ name: 'edit-provider', providerId: 'gpt', ...arrival })
  renderWithApp(<ProviderWizard mode={{ kind: 'edit', providerId: 'gpt' }} arrival={arrival} />, routerTransport(node.router))
  await screen.findByRole('heading', { name: 'Edit provider “gpt”' })
}
const selectedStep = () => screen.getByRole('tab', { selected: true }).textContent

describe('the edit wizard opened from a failed answer', () => {
  it('a refused key: the Connection step, the key field focused, the failure said; saved, back to the conversation', async () => {
    await open({ fix: 'auth', status: 401, from: 'inbox-7' })
    expect(selectedStep()).toContain('Connection')
    const key = screen.getByLabelText<HTMLInputElement>(/^API key/)
    await waitFor(() => expect(document.activeElement).toBe(key))
    expect(screen.getByTestId('failure-to-fix').textContent).toContain('the provider refused the key (401)')
    expect(screen.getByRole('link', { name: 'Back to the conversation' }).getAttribute('href')).toBe('#/inboxes/inbox-7')

    await userEvent.type(key, 'sk-new')
    // The changes guard this page at its own address (with what it was opened for): it is not "left" by being shown.
    expect(wouldLeave(window.location.hash)).toBe(false)
    expect(wouldLeave('#/providers')).toBe(true)
    fake.behaviour = { type: 'reply', chunks: ['OK'] }
    await userEvent.click(screen.getByRole('button', { name: 'Test & save' }))
    await waitFor(() => expect(window.location.hash).toBe('#/inboxes/inbox-7'))
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-new')
  })

  it("opened from a conversation following the inbox list's search: saved, back to it with that search (the list beside it still shows the results)", async () => {
    await open({ fix: 'auth', status: 401, from: 'inbox-7', q: 'invoice march', hidden: true })
    expect(window.location.hash).toBe('#/providers/gpt/edit?fix=auth&status=401&from=inbox-7&q=invoice+march&hidden=1')
    expect(screen.getByRole('link', { name: 'Back to the conversation' }).getAttribute('href')).toBe(
      '#/inboxes/inbox-7?q=invoice+march&hidden=1'
    )
    const key = screen.getByLabelText<HTMLInputElement>(/^API key/)
    await userEvent.type(key, 'sk-new')
    expect(wouldLeave(window.location.hash)).toBe(false)
    fake.behaviour = { type: 'reply', chunks: ['OK'] }
    await userEvent.click(screen.getByRole('button', { name: 'Test & save' }))
    await waitFor(() => expect(window.location.hash).toBe('#/inboxes/inbox-7?q=invoice+march&hidden=1'))
  })

  it('an address that does not answer: the Connection step, the address focused', async () => {
    await open({ fix: 'unreachable', from: 'inbox-7' })
    expect(selectedStep()).toContain('Connection')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^API base URL/)))
    expect(screen.getByTestId('failure-to-fix').textContent).toContain('could not reach the provider at its address')
  })

  it('a model not found: the Model step, the model focused, the model named', async () => {
    await open({ fix: 'model_not_found', status: 404, from: 'inbox-7' })
    expect(selectedStep()).toContain('Model')
    const model = screen.getAllByLabelText(/^Model \*/).find((el) => el instanceof HTMLInputElement)
    await waitFor(() => expect(document.activeElement).toBe(model))
    expect(model).toHaveProperty('value', 'gpt-e2e')
    expect(screen.getByTestId('failure-to-fix').textContent).toContain('has no model “gpt-e2e” (404)')
  })

  it('opened from the Providers page (no failure): the first step, no sentence', async () => {
    await open({})
    expect(selectedStep()).toContain('Kind')
    expect(screen.queryByTestId('failure-to-fix')).toBeNull()
  })
})

describe('the edit address carries what to fix and where from', () => {
  it('reads back what it writes; a plain edit address stays plain', () => {
    const route = { name: 'edit-provider', providerId: 'a b', fix: 'auth', status: 401, from: 'job::1' } as const
    expect(parseRoute(hrefOf(route))).toEqual(route)
    expect(hrefOf({ name: 'edit-provider', providerId: 'gpt' })).toBe('#/providers/gpt/edit')
    expect(parseRoute('#/providers/gpt/edit')).toEqual({ name: 'edit-provider', providerId: 'gpt' })
  })
})

describe('what each failure leads to', () => {
  it('no key: the key; a request refused: the model; a provider that is fine (500, 429, a time-out): nothing to fix', () => {
    expect(failureToFix('no_key', undefined, 'm')).toMatchObject({ step: 1, field: 'key' })
    expect(failureToFix('auth', 403, 'm')).toMatchObject({
      step: 1,
      field: 'key',
      sentence: expect.stringContaining('refused the key (403)')
    })
    expect(failureToFix('bad_request', 400, 'm')).toMatchObject({ step: 2, field: 'model' })
    for (const kind of ['provider_error', 'rate_limit', 'timeout', undefined]) expect(failureToFix(kind, 500, 'm')).toBeUndefined()
  })
})
