// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { SettingsPage } from '../../src/renderer/src/features/settings/SettingsPage'
import { addProvider, useTestNode, type TestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

/* api-contract.md, "The node's own identity": the name is set with --node-name in headless mode or in the app's settings. */

/** Settings drawn over `node`, and its Node name field once it shows the name in use. */
async function nodeNameField(node: TestNode): Promise<HTMLInputElement> {
  renderWithApp(<SettingsPage />, routerTransport(node.router))
  const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Node name' })
  await waitFor(() => expect(field.value).toBe('@@localhost.sep-shinkai'))
  return field
}

describe("Settings page: the node's name", () => {
  const node = useTestNode()
  afterEach(cleanup)

  it('shows the name in use; Save name is disabled until the name differs and nodes take it (an emptied one says why); saves a new one the node then goes by', async () => {
    const field = await nodeNameField(node)
    const save = screen.getByRole('button', { name: 'Save name' })
    // Nothing changed: nothing to save (it said "Nothing to save" only once pressed).
    expect(save.hasAttribute('disabled')).toBe(true)

    await userEvent.clear(field)
    await userEvent.type(field, 'my desk')
    expect(screen.getByText(/starts with @@/)).toBeTruthy()
    expect(save.hasAttribute('disabled')).toBe(true)
    // Enter in the field saves nothing and leaves the focus there, where the rule is read out.
    await userEvent.keyboard('{Enter}')
    expect(document.activeElement).toBe(field)
    expect((await node.get('/v2/health_check')).body).toMatchObject({ node_name: '@@localhost.sep-shinkai' })

    // The field emptied says what to enter at once (Save cannot be pressed to ask).
    await userEvent.clear(field)
    expect(screen.getByText(/starts with @@/)).toBeTruthy()
    expect(save.hasAttribute('disabled')).toBe(true)

    // Typed back as it is saved: nothing to save.
    await userEvent.type(field, '@@localhost.sep-shinkai')
    expect(screen.queryByText(/starts with @@/)).toBeNull()
    expect(save.hasAttribute('disabled')).toBe(true)

    await userEvent.clear(field)
    await userEvent.type(field, '@@desk.sep-shinkai')
    expect(save.hasAttribute('disabled')).toBe(false)
    await userEvent.click(save)
    const saved = await screen.findByText('Saved.')
    expect((await node.get('/v2/health_check')).body).toMatchObject({ node_name: '@@desk.sep-shinkai' })
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Node name' }).value).toBe('@@desk.sep-shinkai')
    // Saved, the button is disabled again: the focus it had goes to the sentence saying so, not to the page.
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true))
    await waitFor(() => expect(document.activeElement).toBe(saved))
  })
})

describe('Settings page: a node name too long', () => {
  const node = useTestNode()
  afterEach(cleanup)

  it('says how long a name may be (the rule read as if its letters were wrong), and nothing is saved', async () => {
    const field = await nodeNameField(node)
    await userEvent.clear(field)
    await userEvent.click(field)
    await userEvent.paste(`@@${'a'.repeat(201)}`)
    expect(screen.getByText(/1 to 200 letters/)).toBeTruthy()
    await userEvent.keyboard('{Enter}')
    expect(document.activeElement).toBe(field)
    expect((await node.get('/v2/health_check')).body).toMatchObject({ node_name: '@@localhost.sep-shinkai' })
  })
})

describe('Settings page: Escape and Enter in the fields', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
  afterEach(cleanup)

  it('Escape in an edited node name puts back the saved one and what was said of the edit goes; a second Escape does nothing; Enter saves', async () => {
    const field = await nodeNameField(node)

    await userEvent.clear(field)
    await userEvent.type(field, 'my desk')
    expect(screen.getByText(/starts with @@/)).toBeTruthy()
    await userEvent.keyboard('{Escape}')
    expect(field.value).toBe('@@localhost.sep-shinkai')
    expect(screen.queryByText(/starts with @@/)).toBeNull()
    expect(document.activeElement).toBe(field)
    await userEvent.keyboard('{Escape}')
    expect(field.value).toBe('@@localhost.sep-shinkai')
    expect((await node.get('/v2/health_check')).body).toMatchObject({ node_name: '@@localhost.sep-shinkai' })

    // Enter saves, as the button does; Escape after that has nothing to undo.
    await userEvent.clear(field)
    await userEvent.type(field, '@@desk.sep-shinkai{Enter}')
    await screen.findByText('Saved.')
    expect((await node.get('/v2/health_check')).body).toMatchObject({ node_name: '@@desk.sep-shinkai' })
    await userEvent.keyboard('{Escape}')
    expect(field.value).toBe('@@desk.sep-shinkai')
  })

  it('Escape in the embedding model name and, with its list closed, in the provider puts back the setting in use; nothing is saved', async () => {
    expect((await node.post('/v2/update_default_embedding_model', { provider_id: 'gpt', model: 'emb-1' })).status).toBe(200)
    renderWithApp(<SettingsPage />, routerTransport(node.router))
    const model = await screen.findByRole<HTMLInputElement>('textbox', { name: /Embedding model name/ })
    await waitFor(() => expect(model.value).toBe('emb-1'))
    const save = screen.getByRole('button', { name: 'Save' })

    await userEvent.type(model, '-large')
    expect(save.hasAttribute('disabled')).toBe(false)
    await userEvent.keyboard('{Escape}')
    expect(model.value).toBe('emb-1')
    expect(save.hasAttribute('disabled')).toBe(true)
    await userEvent.keyboard('{Escape}')
    expect(model.value).toBe('emb-1')

    // An emptied name: Save says it is missing; Escape puts the name back and the message goes.
    await userEvent.clear(model)
    await userEvent.keyboard('{Enter}')
    expect(screen.getByText('Type the name of an embedding model this provider’s server has')).toBeTruthy()
    await userEvent.keyboard('{Escape}')
    expect(model.value).toBe('emb-1')
    expect(screen.queryByText('Type the name of an embedding model this provider’s server has')).toBeNull()

    const provider = screen.getByLabelText<HTMLInputElement>('Provider', { selector: 'input' })
    await userEvent.click(provider)
    await userEvent.click(await screen.findByRole('option', { name: 'None (keywords only)', hidden: true }))
    expect(provider.value).toBe('None (keywords only)')
    provider.focus()
    // The first Escape with the list open closes it (the select's own); closed, Escape puts back the provider in use.
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(provider.getAttribute('aria-expanded')).toBe('true'))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(provider.getAttribute('aria-expanded')).toBe('false'))
    expect(provider.value).toBe('None (keywords only)')
    await userEvent.keyboard('{Escape}')
    expect(provider.value).toMatch(/^gpt/)
    expect(model.hasAttribute('disabled')).toBe(false)
    expect(save.hasAttribute('disabled')).toBe(true)
    expect((await node.get('/v2/get_default_embedding_model')).body).toEqual({ provider_id: 'gpt', model: 'emb-1' })
  })
})
