// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it } from 'vitest'
import { SettingsPage } from '../../src/renderer/src/features/settings/SettingsPage'
import { addProvider, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

/*
 * The node refuses an embedding model's name over 255 characters (the contract's limit on a name).
 * Settings says the same under the field as it is typed, and Save sends nothing: the setting in use
 * stays. Against a real node.
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
afterEach(cleanup)

it('a model name over 255 characters: the field says so, as the node would, and Save sends nothing', async () => {
  renderWithApp(<SettingsPage />, routerTransport(node.router))
  await screen.findByTestId('keyword-only')
  await userEvent.click(screen.getByLabelText('Provider', { selector: 'input' }))
  await userEvent.click(await screen.findByRole('option', { name: /^gpt/, hidden: true }))
  const modelBox = screen.getByRole<HTMLInputElement>('textbox', { name: /Embedding model name/ })
  // Pasted, as a long name is: typing 256 keys would only be slower.
  fireEvent.change(modelBox, { target: { value: 'm'.repeat(256) } })
  const message = "An embedding model's name can be at most 255 characters; this one has 256."
  await waitFor(() => expect(screen.getByText(message)).toBeTruthy())
  expect(modelBox.getAttribute('aria-invalid')).toBe('true')

  await userEvent.click(screen.getByRole('button', { name: 'Save' }))
  expect(document.activeElement).toBe(modelBox)
  expect(screen.queryByTestId('embedding-saved')).toBeNull()
  expect((await node.get('/v2/get_default_embedding_model')).body).toEqual({ provider_id: null, model: null })

  // 255 is taken: the message goes and Save sends it.
  fireEvent.change(modelBox, { target: { value: 'm'.repeat(255) } })
  expect(screen.queryByText(message)).toBeNull()
  await userEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(async () =>
    expect((await node.get('/v2/get_default_embedding_model')).body).toEqual({ provider_id: 'gpt', model: 'm'.repeat(255) })
  )
})
