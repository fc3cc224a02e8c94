// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { objectBridgeTransport } from './object-bridge'
import { useRoute } from '../../src/renderer/src/app/router'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp } from './render'

layOutLists()

/*
 * A folder found by the search is revealed in the tree (its folders opened, the row scrolled to and
 * focused) once the node has listed the folders above it. Arrow keys pressed in the tree meanwhile
 * moved the focus, and the reveal then took it back to the found row: keys pressed next acted on a
 * row the operator had left. A reveal asked before the operator moved in the tree now gives way.
 */

function RoutedFilesPage() {
  const route = useRoute()
  return route.name === 'files' ? <FilesPage path={route.path} node={route.node} /> : null
}

describe('revealing a row in the library tree', () => {
  const node = useTestNode({
    setup: async (n) => {
      for (const name of ['Archive', 'Budget', 'Contracts']) await n.post('/v2/create_folder', { path: '/', folder_name: name })
      await n.post('/v2/create_folder', { path: '/Contracts', folder_name: 'Leases 2025' })
    }
  })
  beforeEach(() => {
    window.location.hash = '#/files'
  })
  afterEach(cleanup)

  it('leaves the focus where the arrow keys took it while the folders above the row were read', async () => {
    // The listing of /Contracts (the folder above the found one) is held until released.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const transport = objectBridgeTransport({
      request: async (req) => {
        const res = await node.router.handle(req)
        if (req.path.endsWith('/retrieve_path_simplified') && req.query?.path === '/Contracts') await held
        return res
      },
      onEvent: () => () => {}
    })
    renderWithApp(<RoutedFilesPage />, transport)
    const archive = await screen.findByRole('treeitem', { name: /^Archive/ })

    await userEvent.type(screen.getByRole('textbox', { name: 'Search the library' }), 'leases')
    const names = await screen.findByRole('region', { name: 'Names' }, { timeout: 10_000 })
    await userEvent.click(within(names).getByTestId('name-result'))
    // The operator goes on in the tree while /Contracts is read.
    archive.focus()
    await userEvent.keyboard('{ArrowDown}')
    const budget = screen.getByRole('treeitem', { name: /^Budget/ })
    await waitFor(() => expect(document.activeElement).toBe(budget))

    release()
    await screen.findByRole('treeitem', { name: /^Leases 2025/ })
    // The reveal's focus is waited for a moment (it settles over a few frames).
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(document.activeElement).toBe(budget)
    expect(budget.getAttribute('tabindex')).toBe('0')
    // The keys go on from there.
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('treeitem', { name: /^Contracts/ })))
  })
})
