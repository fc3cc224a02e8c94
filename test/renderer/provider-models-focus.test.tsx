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
