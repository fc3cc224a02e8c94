// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import type { ServerResponse } from 'node:http'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { useLoopbackServer } from '../support/loopback-server'
import { useTestNode } from '../support/node'
import { renderAddWizard, useFreshAddWizard } from './add-wizard'

/*
 * The Model step asks the server for its models at once.
 * - A server that refused the key (401) was answered with "Enter the server's key in the provider's
 *   settings": in the wizard the key is typed on its own Connection step, which the step now names,
 *   with a button that goes there.
 * - A server that never answered left a bare spinner for the node's 20 seconds, without a word and
 *   without a way out: the step now says whom it asks, and Cancel listing stops waiting, the focus
 *   going to the button that lists the models again.
 * Real node; a loopback model server that wants the key `sk-right`, or holds its model list.
 */

const KEY = 'sk-right'
const MODELS = ['llama3.2', 'qwen2.5']
/** Whether the server holds the model list (never answers); otherwise it lists MODELS to the right key. */
let holding = false
const held: ServerResponse[] = []
const server = useLoopbackServer(
  (req, res) => {
    if (holding) return void held.push(res)
    if (req.headers.authorization !== `Bearer ${KEY}`) {
      res.writeHead(401, { 'Content-Type': 'application/json' })
      return void res.end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }))
    }
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ object: 'list', data: MODELS.map((id) => ({ id, object: 'model' })) }))
  },
  { perTest: true }
)
beforeEach(() => {
  holding = false
  held.length = 0
})
// A listing still held (cancelled, so ignored) is answered before the server closes, not cut off.
afterEach(() => {
  for (const res of held.splice(0)) res.writeHead(503).end('{}')
})

const node = useTestNode()
useFreshAddWizard()

/** To the Model step of an OpenAI-compatible server at the loopback server, with `key` typed (none for ''). */
const toModels = async (key: string) => {
  renderAddWizard(node)
  await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
  await userEvent.click(screen.getByRole('button', { name: 'Next' }))
  await userEvent.type(screen.getByLabelText(/^API base URL/), `${server.url}/v1`)
  if (key) await userEvent.type(screen.getByLabelText(/^API key/), key)
  await userEvent.click(screen.getByRole('button', { name: 'Next' }))
}

const alertText = async () => (await screen.findByText('The models could not be listed')).closest('[role="alert"]')!.textContent

it('no key, refused (401): the step says to enter the key on the Connection step, and its button goes there', async () => {
  await toModels('')
  const text = await alertText()
  expect(text).toContain('asks for an API key')
  expect(text).toContain("Go back to the Connection step and enter the server's key there.")
  expect(text).not.toContain("provider's settings")
  await userEvent.click(screen.getByRole('button', { name: 'Back to the Connection step' }))
  // The Connection step, with the address kept, and the focus on the key field (not on the address above it).
  const url = await screen.findByLabelText<HTMLInputElement>(/^API base URL/)
  expect(url.value).toBe(`${server.url}/v1`)
  await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^API key/)))
  // The key typed there, the models are listed.
  await userEvent.type(screen.getByLabelText(/^API key/), KEY)
  await userEvent.click(screen.getByRole('button', { name: 'Next' }))
  expect(await screen.findByRole('checkbox', { name: 'llama3.2' })).toBeTruthy()
  expect(screen.queryByText('The models could not be listed')).toBeNull()
})

it('a wrong key, refused (401): the step says to check it on the Connection step, and offers to go there', async () => {
  await toModels('sk-wrong')
  const text = await alertText()
  expect(text).toContain('rejected the API key')
  expect(text).toContain('Go back to the Connection step to check the key, or enter a new one.')
  expect(text).not.toContain("provider's settings")
  await userEvent.click(screen.getByRole('button', { name: 'Back to the Connection step' }))
  expect((await screen.findByLabelText<HTMLInputElement>(/^API key/)).value).toBe('sk-wrong')
})

it('a server that does not answer: the step says whom it asks, and Cancel listing stops waiting, leaving the step usable', async () => {
  holding = true
  await toModels(KEY)
  const waiting = await screen.findByText(/^Asking /)
  expect(waiting.getAttribute('role')).toBe('status')
  expect(waiting.textContent).toContain(`Asking ${server.url}/v1 for its models.`)
  await waitFor(() => expect(held.length).toBe(1))
  await userEvent.click(screen.getByRole('button', { name: 'Cancel listing' }))
  expect(screen.queryByText(/^Asking /)).toBeNull()
  expect(screen.queryByRole('button', { name: 'Cancel listing' })).toBeNull()
  expect(await screen.findByText(/Listing the models was cancelled/)).toBeTruthy()
  // The focus is on the button that lists them again, not on the page.
  const again = screen.getByRole<HTMLButtonElement>('button', { name: "List the server's models again" })
  await waitFor(() => expect(document.activeElement).toBe(again))
  expect(again.disabled).toBe(false)
  // A model can still be typed by hand.
  await userEvent.type(screen.getByLabelText(/^Another model/), 'my-model')
  await userEvent.click(screen.getByRole('button', { name: 'Add' }))
  expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'my-model' }).checked).toBe(true)
  // The server's answer to the cancelled listing, coming late, changes nothing.
  for (const res of held.splice(0)) res.writeHead(401).end('{}')
  await new Promise((r) => setTimeout(r, 200))
  expect(screen.queryByText('The models could not be listed')).toBeNull()
  // Listed again, from the keyboard: Cancel listing takes the focus while it waits, and gives it back.
  again.focus()
  await userEvent.keyboard('{Enter}')
  const cancel = await screen.findByRole('button', { name: 'Cancel listing' })
  await waitFor(() => expect(document.activeElement).toBe(cancel))
  await userEvent.keyboard('{Enter}')
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: "List the server's models again" })))
  // And once the server answers, the models are listed.
  holding = false
  await userEvent.keyboard('{Enter}')
  expect(await screen.findByRole('checkbox', { name: 'llama3.2' })).toBeTruthy()
  expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'my-model' }).checked).toBe(true)
})
