// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { useFakeLlm, useTestNode } from '../support/node'
import { renderAddWizard, useFreshAddWizard } from './add-wizard'

/*
 * Several models ticked and tested: when they all failed for one reason (a wrong key, as is usual: they
 * share the server's address and key), the alert repeated the same sentence for each model, and the
 * first model's reason ran on after the count. Real node, loopback model server.
 */

const node = useTestNode()
const fake = useFakeLlm(['llama3.2', 'qwen2.5', 'phi4'])
useFreshAddWizard()

const REFUSED = { type: 'status', status: 401, body: { error: { message: 'Incorrect API key provided' } } } as const

const testThree = async () => {
  const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }))
  renderAddWizard(node)
  await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
  await next()
  await userEvent.type(screen.getByLabelText(/^API base URL/), `${fake.url}/v1`)
  await userEvent.type(screen.getByLabelText(/^API key/), 'sk-wrong-key-123')
  await next()
  for (const model of ['llama3.2', 'qwen2.5', 'phi4']) await userEvent.click(await screen.findByRole('checkbox', { name: model }))
  await next()
  await next()
  await userEvent.click(screen.getByRole('button', { name: 'Test & add 3 providers' }))
  const alert = await screen.findByRole('alert', { name: 'The test call failed' }, { timeout: 8000 })
  return alert.querySelector('p')!.textContent
}

const said =
  `The OpenAI-compatible server at ${'URL'}/v1 rejected the API key (HTTP 401: "Incorrect API key provided"). ` +
  'Go back to the Connection step to check the key, or enter a new one.'

it('all failing for one reason: said once, not once a model', async () => {
  fake.behaviour = REFUSED
  const text = await testThree()
  expect(text).toBe(`None of the 3 models answered: ${said.replace('URL', fake.url)}`)
})

it('some failing: the count on a line of its own, then each failed model and its reason on a line', async () => {
  fake.behaviour = { type: 'reply', chunks: ['OK'] }
  fake.queue = [REFUSED]
  const text = await testThree()
  const lines = text.split('\n')
  expect(lines[0]).toBe('1 of 3 models did not answer.')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toMatch(
    new RegExp(`^(llama3\\.2|qwen2\\.5|phi4): ${said.replace('URL', fake.url).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
  )
})
