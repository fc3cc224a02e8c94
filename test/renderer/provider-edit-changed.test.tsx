// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import type { QueryClient } from '@tanstack/react-query'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it } from 'vitest'
import { provider } from '../support/fixtures'
import { addProvider, useTestNode, useFakeLlm } from '../support/node'
import { openEdit } from './provider-edit'

const node = useTestNode()
const fake = useFakeLlm(['llama3.2'])
afterEach(cleanup)

const local = () => ({ name: 'Local', external_url: fake.url, model: { OpenAI: { model_type: 'gpt-e2e' } } })

const openLocal = () => openEdit(node, 'b', 'Edit provider “Local” (b)')

async function storedProvider() {
  const list = (await node.get('/v2/available_llm_providers')).body as { id: string; name?: string; description?: string }[]
  return list.find((p) => p.id === 'b')
}

/** Another window or a script saves the provider with a new description. */
async function changeElsewhere(queryClient: QueryClient) {
  expect((await node.post('/v2/modify_llm_provider', provider('b', { ...local(), description: 'Set by B' }))).status).toBe(200)
  await queryClient.invalidateQueries()
}

/** The Edit form open, a display name typed there, then the provider saved elsewhere with a new description. */
async function typeThenChangeElsewhere() {
  await addProvider(node, 'b', local())
  const queryClient = await openLocal()
  const name = await screen.findByLabelText<HTMLInputElement>('Display name')
  await userEvent.clear(name)
  await userEvent.type(name, 'Typed by A')
  await changeElsewhere(queryClient)
}

it('a provider changed elsewhere while its Edit form has changes says so, and Test & save asks before writing over the other change', async () => {
  await typeThenChangeElsewhere()
  expect(await screen.findByText(/was changed elsewhere \(in another window or by a script\)/)).toBeTruthy()
  expect(screen.getByLabelText<HTMLInputElement>('Display name').value).toBe('Typed by A')

  // Asked first; kept editing, nothing is written.
  await userEvent.click(screen.getByRole('button', { name: 'Test & save' }))
  expect(await screen.findByRole('dialog', { name: 'Replace the changes made elsewhere?' })).toBeTruthy()
  await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect((await storedProvider())?.name).toBe('Local')

  // Confirmed: the operator's settings are saved.
  await userEvent.click(screen.getByRole('button', { name: 'Test & save' }))
  await userEvent.click(await screen.findByRole('button', { name: 'Test & save mine' }))
  await waitFor(async () => expect((await storedProvider())?.name).toBe('Typed by A'))
})

it('"Discard my changes" shows the settings saved elsewhere, on the same step, with nothing left to save', async () => {
  await typeThenChangeElsewhere()

  await userEvent.click(await screen.findByRole('button', { name: 'Discard my changes and show the saved settings' }))
  await waitFor(() => expect(screen.queryByTestId('changed-elsewhere')).toBeNull())
  expect(screen.getByLabelText<HTMLInputElement>('Display name').value).toBe('Local')
  expect(screen.getByLabelText<HTMLInputElement>('Description').value).toBe('Set by B')
})

it('a form with no change of its own (only a step moved to) takes a change made elsewhere without a notice', async () => {
  await addProvider(node, 'b', local())
  const queryClient = await openLocal()
  await screen.findByLabelText('Display name')
  await changeElsewhere(queryClient)

  await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Description').value).toBe('Set by B'))
  expect(screen.queryByTestId('changed-elsewhere')).toBeNull()
  expect(screen.getByRole('tab', { name: /Identity/, selected: true })).toBeTruthy()
})
