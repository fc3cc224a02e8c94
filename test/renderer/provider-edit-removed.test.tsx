// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it } from 'vitest'
import { addProvider, useTestNode, useFakeLlm } from '../support/node'
import { openEdit } from './provider-edit'

const node = useTestNode()
const fake = useFakeLlm(['llama3.2'])
afterEach(cleanup)

it('a provider deleted elsewhere (another tab, a script) while its Edit form has changes keeps what was typed on screen, and says so in a sentence', async () => {
  await addProvider(node, 'b', { name: 'Local', external_url: fake.url, model: { OpenAI: { model_type: 'gpt-e2e' } } })
  const queryClient = await openEdit(node, 'b', 'Edit provider “Local” (b)')
  const name = await screen.findByLabelText<HTMLInputElement>('Display name')
  await userEvent.clear(name)
  await userEvent.type(name, 'Typed by A')

  expect(screen.getByRole('button', { name: 'Check Local' })).toBeTruthy()
  expect((await node.post('/v2/remove_llm_provider', { llm_provider_id: 'b' })).status).toBe(200)
  await queryClient.invalidateQueries()

  expect(await screen.findByText(/was deleted elsewhere/)).toBeTruthy()
  await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Display name').value).toBe('Typed by A'))
  // Nothing can be saved to it: Test & save, which ended in "Nothing was saved" after a test call, is off.
  expect(screen.getByRole('button', { name: 'Test & save' }).hasAttribute('disabled')).toBe(true)
  // Nor can it be checked: the check said it "did not answer".
  expect(screen.queryByRole('button', { name: 'Check Local' })).toBeNull()
})
