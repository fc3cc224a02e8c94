// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { useFakeLlm, useTestNode } from '../support/node'
import { renderAddWizard, useFreshAddWizard } from './add-wizard'

/*
 * The Model step opened with the focus on "Another model" (the list was still being asked for) and
 * left it there once the server's models came: under the list, so a keyboard user went back up past
 * "List the server's models again" to tick one. Real node, loopback model server.
 */

const node = useTestNode()
const fake = useFakeLlm(['llama3.2', 'qwen2.5'])
useFreshAddWizard()

const toModels = async () => {
  renderAddWizard(node)
  await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
  await userEvent.click(screen.getByRole('button', { name: 'Next' }))
  await userEvent.type(screen.getByLabelText(/^API base URL/), `${fake.url}/v1`)
  await userEvent.keyboard('{Enter}')
}

it('once the models are listed, the focus is on the first of them, and Space ticks it', async () => {
  await toModels()
  const first = await screen.findByRole('checkbox', { name: 'llama3.2' })
  await waitFor(() => expect(document.activeElement).toBe(first))
  await userEvent.keyboard(' ')
  expect((first as HTMLInputElement).checked).toBe(true)
})

/** To the Model step of a kind with model presets (OpenAI), the server at `url`, from the keyboard (Enter in the key field). */
const toOpenAiModels = async (url: string) => {
  renderAddWizard(node)
  await userEvent.click(await screen.findByRole('radio', { name: /^OpenAI(?!-compatible)/ }))
  await userEvent.click(screen.getByRole('button', { name: 'Next' }))
  const address = screen.getByLabelText(/^API base URL/)
  await userEvent.clear(address)
  await userEvent.type(address, url)
  await userEvent.type(screen.getByLabelText(/^API key/), 'sk-test{Enter}')
}

/*
 * A kind with model presets drew them for a moment as the step opened: the first preset took the focus,
 * then went as the list was asked for, and the focus was left on <body> (whether the list came or failed).
 */
it('a kind with presets: once the server lists its models, the focus is on the first of them, not on the page', async () => {
  await toOpenAiModels(`${fake.url}/v1`)
  const first = await screen.findByRole('checkbox', { name: 'llama3.2' })
  await waitFor(() => expect(document.activeElement).toBe(first))
})

it('a kind with presets: the models could not be listed, the focus is on "Another model", not on the page', async () => {
  await toOpenAiModels('http://127.0.0.1:9/v1')
  await screen.findByText('The models could not be listed')
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Another model/ })))
})
