// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { SettingsPage } from '../../src/renderer/src/features/settings/SettingsPage'
import { useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

/* api-contract.md, "The node's own identity": the name is set with --node-name in headless mode or in the app's settings. */

describe("Settings page: the node's name", () => {
  const node = useTestNode()
  afterEach(cleanup)

  it('shows the name in use, refuses one nodes do not take (and an empty one, saying why), and saves a new one the node then goes by', async () => {
    renderWithApp(<SettingsPage />, routerTransport(node.router))
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Node name' })
    await waitFor(() => expect(field.value).toBe('@@localhost.sep-shinkai'))

    await userEvent.clear(field)
    await userEvent.type(field, 'my desk')
    expect(screen.getByText(/starts with @@/)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }))
    expect((await node.get('/v2/health_check')).body).toMatchObject({ node_name: '@@localhost.sep-shinkai' })

    // Save with a name it cannot take keeps the focus on the field, where the rule is read out.
    expect(document.activeElement).toBe(field)

    // Save with the field emptied says what to enter, instead of doing nothing.
    await userEvent.clear(field)
    expect(screen.queryByText(/starts with @@/)).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }))
    expect(screen.getByText(/starts with @@/)).toBeTruthy()
    expect(document.activeElement).toBe(field)

    // Save with the name unchanged says there is nothing to save.
    await userEvent.type(field, '@@localhost.sep-shinkai')
    expect(screen.queryByText(/starts with @@/)).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }))
    expect(screen.getByRole('status').textContent).toBe('Nothing to save: this is the node’s name already.')

    await userEvent.clear(field)
    await userEvent.type(field, '@@desk.sep-shinkai')
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }))
    await screen.findByText('Saved.')
    expect((await node.get('/v2/health_check')).body).toMatchObject({ node_name: '@@desk.sep-shinkai' })
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Node name' }).value).toBe('@@desk.sep-shinkai')
  })
})
