// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { QueryClient } from '@tanstack/react-query'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { useAddDraft } from '../../src/renderer/src/features/providers/draft-store'
import { ProviderWizard } from '../../src/renderer/src/features/providers/ProviderWizard'
import { addProvider, useFakeLlm, useTestNode } from '../support/node'
import { holdingTransport } from './object-bridge'
import { renderWithApp } from './render'

/*
 * Test & save (or add) from the keyboard: the focus is on Cancel test while the test call runs. Once the
 * model answered, Cancel test went, and while the save itself was under way the focus was on <body> (the
 * next Tab from the top of the page, nothing read out). It is now on the test's outcome ("Connection
 * works"), which stays until the save lands; then it goes where the wizard sends it. Real node; the save
 * request is held at the window's bridge until the focus has been looked at.
 */

const node = useTestNode()
const fake = useFakeLlm(['llama3.2'])
beforeEach(() => {
  useAddDraft.getState().discard()
  localStorage.clear()
})
afterEach(cleanup)

/** The node's router behind the window's bridge, with requests to `heldPath` answered only once `release()` is called. */
const holding = (heldPath: string) => holdingTransport({ request: (req) => node.router.handle(req) }, heldPath)

it('edit: while the save of a passed test is under way, the focus is on the test’s outcome, not on the page', async () => {
  await addProvider(node, 'b', { name: 'Local', external_url: fake.url, model: { OpenAI: { model_type: 'gpt-e2e' } } })
  window.location.hash = '#/providers/b/edit'
  const hold = holding('/modify_llm_provider')
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  renderWithApp(<ProviderWizard mode={{ kind: 'edit', providerId: 'b' }} />, hold.transport, { queryClient })
  await screen.findByRole('heading', { name: 'Edit provider “Local” (b)' })
  await userEvent.click(screen.getByRole('tab', { name: /Review/ }))
  screen.getByRole('button', { name: 'Test & save' }).focus()
  await userEvent.keyboard('{Enter}')

  await hold.arrived
  const outcome = await screen.findByRole('alert', { name: /Connection works/ })
  await waitFor(() => expect(document.activeElement).toBe(outcome))
  // The test is over (Cancel test gone): the save is what is under way.
  expect(screen.queryByRole('button', { name: 'Cancel test' })).toBeNull()
  hold.release()
  await waitFor(() => expect(window.location.hash).toBe('#/providers'))
})

it('add: while the provider is being added after its test passed, the focus is on the test’s outcome, not on the page', async () => {
  window.location.hash = '#/providers/new'
  const hold = holding('/add_llm_providers')
  renderWithApp(<ProviderWizard mode={{ kind: 'add', firstRun: false }} />, hold.transport)
  await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
  await userEvent.click(screen.getByRole('button', { name: 'Next' }))
  await userEvent.type(screen.getByLabelText(/^API base URL/), `${fake.url}/v1`)
  await userEvent.click(screen.getByRole('button', { name: 'Next' }))
  await userEvent.click(await screen.findByRole('checkbox', { name: 'llama3.2' }))
  await userEvent.click(screen.getByRole('button', { name: 'Next' }))
  await userEvent.click(screen.getByRole('button', { name: 'Next' }))
  screen.getByRole('button', { name: 'Test & add provider' }).focus()
  await userEvent.keyboard('{Enter}')

  await hold.arrived
  const outcome = await screen.findByRole('alert', { name: /Connection works/ })
  await waitFor(() => expect(document.activeElement).toBe(outcome))
  hold.release()
  await waitFor(() => expect(window.location.hash).toBe('#/providers'))
})

it('edit: Save without a working test pressed, the focus waits on the failed test’s outcome while the save is under way', async () => {
  await addProvider(node, 'c', { name: 'Away', external_url: 'http://127.0.0.1:9', model: { OpenAI: { model_type: 'gpt-e2e' } } })
  window.location.hash = '#/providers/c/edit'
  const hold = holding('/modify_llm_provider')
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  renderWithApp(<ProviderWizard mode={{ kind: 'edit', providerId: 'c' }} />, hold.transport, { queryClient })
  await screen.findByRole('heading', { name: 'Edit provider “Away” (c)' })
  await userEvent.click(screen.getByRole('tab', { name: /Review/ }))
  await userEvent.click(screen.getByRole('button', { name: 'Test & save' }))
  const anyway = await screen.findByRole('button', { name: 'Save without a working test' })
  anyway.focus()
  await userEvent.keyboard('{Enter}')

  await hold.arrived
  const outcome = screen.getByRole('alert', { name: /The test call failed/ })
  await waitFor(() => expect(document.activeElement).toBe(outcome))
  hold.release()
  await waitFor(() => expect(window.location.hash).toBe('#/providers'))
})
