// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { useTestNode, useFakeLlm } from '../support/node'
import { renderAddWizard, useFreshAddWizard } from './add-wizard'

/*
 * A key pasted with the space or line end around it (copied from a web page or a terminal) was sent as
 * typed: the server refused a key that looked right, and a key of spaces alone counted as "Set".
 * Real in-process node, loopback server speaking OpenAI's protocol.
 */

const node = useTestNode()
const fake = useFakeLlm(['llama3.2'])
useFreshAddWizard()

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }))
const paste = (value: string) => fireEvent.change(screen.getByLabelText(/^API key/), { target: { value } })

it('a pasted key is sent and stored without the white space around it', async () => {
  renderAddWizard(node)
  await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
  await next()
  await userEvent.type(screen.getByLabelText(/^API base URL/), `${fake.url}/v1`)
  paste(' sk-pasted\t ')
  await next()
  await screen.findByText('1 model listed')
  expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-pasted')
  await userEvent.click(screen.getByRole('checkbox', { name: 'llama3.2' }))
  await next()
  await userEvent.type(screen.getByLabelText('Display name'), 'Box')
  await next()
  fake.behaviour = { type: 'reply', chunks: ['OK'] }
  await userEvent.click(screen.getByRole('button', { name: /^Test & add/ }))
  await waitFor(() => expect(window.location.hash).toBe('#/jobs/new'))
  expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-pasted')

  // What was stored is the key alone: the node's own check sends it.
  const check = await node.post('/v2/check_llm_provider', { llm_provider_id: 'box' })
  expect(check.status).toBe(200)
  expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-pasted')
})

it('a key of spaces alone is no key: a kind that needs one says so and does not go on', async () => {
  renderAddWizard(node)
  await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI' }))
  await next()
  paste('   ')
  await next()
  expect(await screen.findByText('OpenAI needs an API key')).toBeTruthy()
  expect(screen.getByLabelText(/^API key/)).toBeTruthy()
})
