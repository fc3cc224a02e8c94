// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { useFakeLlm, useTestNode } from '../support/node'
import { renderAddWizard, useFreshAddWizard } from './add-wizard'

/*
 * The review's test call failed with "rejected the API key … Check the key in the provider's
 * settings": the key is on the Connection step, three Backs away, and the alert offered only to save
 * anyway. It now offers to change the address or key, which goes there with the focus on its first
 * field. Real node, loopback model server answering 401.
 */

const node = useTestNode()
const fake = useFakeLlm(['llama3.2'])
useFreshAddWizard()

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }))

it('a failed test call offers to change the address or key, and that goes to the Connection step', async () => {
  renderAddWizard(node)
  await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
  await next()
  await userEvent.type(screen.getByLabelText(/^API base URL/), `${fake.url}/v1`)
  await userEvent.type(screen.getByLabelText(/^API key/), 'sk-wrong')
  await next()
  await userEvent.click(await screen.findByRole('checkbox', { name: 'llama3.2' }))
  await next()
  await next()
  fake.behaviour = { type: 'status', status: 401, body: { error: { message: 'Incorrect API key provided' } } }
  await userEvent.click(screen.getByRole('button', { name: /^Test & add/ }))
  const alert = (await screen.findByText('The test call failed')).closest('[role="alert"]')!
  // The key is on the wizard's Connection step, which its words name (they said "in the provider's settings").
  expect(alert.textContent).toContain('rejected the API key')
  expect(alert.textContent).toContain('Go back to the Connection step to check the key, or enter a new one.')
  expect(alert.textContent).not.toContain("provider's settings")
  await userEvent.click(screen.getByRole('button', { name: 'Change the address or key' }))
  const url = await screen.findByLabelText<HTMLInputElement>(/^API base URL/)
  await waitFor(() => expect(document.activeElement).toBe(url))
  expect(url.value).toBe(`${fake.url}/v1`)
  expect(screen.getByLabelText<HTMLInputElement>(/^API key/).value).toBe('sk-wrong')
})
