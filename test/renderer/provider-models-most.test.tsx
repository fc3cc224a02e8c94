// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { useLoopbackServer } from '../support/loopback-server'
import { useTestNode } from '../support/node'
import { renderAddWizard, useFreshAddWizard } from './add-wizard'

/*
 * The node adds at most 100 providers at once. With 101 models ticked, the wizard tested each of
 * them, then the node refused the whole batch ("providers: Send 1 to 100 providers in a list."), and
 * the wizard went back to the Identity step with no message anywhere: nothing said why nothing was
 * added. The Model step now says so at Next, before any test call.
 * Real node; a loopback server listing 120 models.
 */

const MODELS = Array.from({ length: 120 }, (_, i) => `m-${i}`)
const server = useLoopbackServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify({ object: 'list', data: MODELS.map((id) => ({ id, object: 'model' })) }))
})
const node = useTestNode()
useFreshAddWizard()

const toModels = async () => {
  renderAddWizard(node)
  await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
  await userEvent.click(screen.getByRole('button', { name: 'Next' }))
  await userEvent.type(screen.getByLabelText(/^API base URL/), `${server.url}/v1`)
  await userEvent.click(screen.getByRole('button', { name: 'Next' }))
  await screen.findByText('120 models listed')
}
/** A model's checkbox, found by its value: by role and name, 120 of them took seconds each in happy-dom. */
const box = (model: string) => document.querySelector<HTMLInputElement>(`input[type="checkbox"][value="${model}"]`)!
const tick = (count: number) => {
  for (const m of MODELS.slice(0, count)) fireEvent.click(box(m))
}

it('101 models ticked: Next stays on the Model step and says to untick one, as the node takes 100 at once', async () => {
  await toModels()
  tick(101)
  await userEvent.click(screen.getByRole('button', { name: 'Next' }))
  expect(
    await screen.findByText('Choose at most 100 models at once: 101 are ticked. Untick 1 model, and add the others once these are saved.')
  ).toBeTruthy()
  expect(box('m-0').checked).toBe(true) // still the Model step
  // One unticked: on to the Identity step.
  fireEvent.click(box('m-100'))
  await userEvent.click(screen.getByRole('button', { name: 'Next' }))
  expect(await screen.findByLabelText('Display name')).toBeTruthy()
  await waitFor(() => expect(screen.queryByText(/Choose at most 100 models/)).toBeNull())
}, 60_000) // 101 ticks, each drawing the 120 checkboxes again
