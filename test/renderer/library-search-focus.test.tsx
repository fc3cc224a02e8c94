// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useRoute } from '../../src/renderer/src/app/router'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'

layOutLists()

/*
 * Enter on a name found by the library search opened it in the tree (its folders opened, its row
 * scrolled to), but the focus stayed on the result, and no key went from there to the entry: Escape
 * did nothing in the results. The focus now goes to the entry's row, and Escape in the results goes
 * back to the search box (the Inboxes page's search and rows: Up from the first row, back to the box).
 */

function RoutedFilesPage() {
  const route = useRoute()
  return route.name === 'files' ? <FilesPage path={route.path} node={route.node} /> : null
}

describe('the library search hands the focus on', () => {
  const node = useTestNode({
    setup: async (n) => {
      for (const name of ['Archive', 'Contracts']) await n.post('/v2/create_folder', { path: '/', folder_name: name })
      await n.post('/v2/create_folder', { path: '/Contracts', folder_name: 'Leases 2025' })
      const bytes = new TextEncoder().encode('The lease runs to March.')
      await n.post('/v2/upload_file_to_folder', { path: '/Contracts/Leases 2025', filename: 'flat lease.txt', file_data: bytes })
    }
  })
  beforeEach(() => {
    window.location.hash = '#/files'
  })
  afterEach(cleanup)

  const found = async (words: string) => {
    renderWithApp(<RoutedFilesPage />, routerTransport(node.router))
    await screen.findByRole('treeitem', { name: /^Archive/ })
    const box = screen.getByRole('textbox', { name: 'Search the library' })
    await userEvent.type(box, words)
    const names = await screen.findByRole('region', { name: 'Names' }, { timeout: 10_000 })
    return { box, result: within(names).getAllByTestId('name-result')[0]! }
  }

  it('Enter on a file found by its name puts the focus on its row in the tree, its folders opened', async () => {
    const { box, result } = await found('flat lease')
    await userEvent.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(result)
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('treeitem', { name: /^flat lease\.txt/ })), { timeout: 5000 })
    expect(box).toHaveProperty('value', 'flat lease')
  })

  it('Enter on a folder found by its name puts the focus on its row in the tree', async () => {
    const { result } = await found('leases')
    result.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('treeitem', { name: /^Leases 2025/ })), { timeout: 5000 })
  })

  it('Escape in the results goes back to the search box, and Escape there clears the search', async () => {
    const { box, result } = await found('leases')
    result.focus()
    await userEvent.keyboard('{Escape}')
    expect(document.activeElement).toBe(box)
    expect(box).toHaveProperty('value', 'leases')
    await userEvent.keyboard('{Escape}')
    expect(box).toHaveProperty('value', '')
  })
})
