// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { connectEvents, VFS_EVENT_BATCH_MS } from '../../src/renderer/src/api/events'
import { bridgeTransport } from '../../src/renderer/src/api/transport'
import { useRoute } from '../../src/renderer/src/app/router'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { ENTRY_MIME } from '../../src/renderer/src/features/files/LibraryTree'
import type { NodeEvent } from '../../src/shared/contract/events'
import { isWithin } from '../../src/shared/vfs-path'
import { useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp } from './render'

layOutLists()

function RoutedFilesPage() {
  const route = useRoute()
  return route.name === 'files' ? <FilesPage path={route.path} node={route.node} /> : null
}

/*
 * The file previewed, renamed or moved here (itself, or the folder it is in): the node tells every
 * window of the move (vector_fs_changed, its old path and its new one) as it moves, and this window
 * reads the library again after a batch of such events. That read may come before the move's own
 * answer, the preview still on screen at the old path: it read the file (and the moved folder's
 * listing) once more where the node no longer has it, a 404 the window counts as a failed request.
 */
describe('renaming the previewed file or its folder, the change events coming before the answer', () => {
  const node = useTestNode()
  let qc: QueryClient
  let disconnect = () => {}
  beforeEach(() => {
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  })
  afterEach(() => {
    disconnect()
    cleanup()
    qc.clear()
  })

  async function openPreview(route: string) {
    await node.post('/v2/create_folder', { path: '/', folder_name: 'Leases' })
    const bytes = new TextEncoder().encode('The lease renewal is due in March.')
    expect((await node.post('/v2/upload_file_to_folder', { path: '/Leases', filename: 'lease.txt', file_data: bytes })).status).toBe(200)

    /** The library's reads (a file's passages, a folder's listing), with the node's answer. */
    const reads: { path: string; status: number }[] = []
    let listener: (event: NodeEvent) => void = () => {}
    let answerMove = () => {}
    const transport = bridgeTransport({
      request: async (req) => {
        const res = await node.router.handle(req)
        if (/\/(retrieve_vector_resource|retrieve_path_simplified)$/.test(req.path))
          reads.push({ path: String(req.query?.path), status: res.status })
        // Done on the node, answered later: its events reach the window first.
        if (req.path.endsWith(route)) await new Promise<void>((resolve) => (answerMove = resolve))
        return res
      },
      onEvent: (l) => {
        listener = l
        return () => {}
      }
    })
    disconnect = connectEvents(transport, qc)
    window.location.hash = '#/files?path=%2FLeases%2Flease.txt'
    renderWithApp(<RoutedFilesPage />, transport, { queryClient: qc })
    const preview = await screen.findByTestId('file-preview')
    await within(preview).findByText(/renewal is due in March/)
    return { reads, emit: (path: string) => listener({ type: 'vector_fs_changed', data: { path } }), answer: () => answerMove() }
  }

  async function rename(entry: string, to: string) {
    await userEvent.click(screen.getByRole('button', { name: `Actions for ${entry}` }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename or move…', hidden: true }))
    const name = await screen.findByRole('textbox', { name: 'Name' })
    await userEvent.clear(name)
    await userEvent.type(name, to)
    await userEvent.click(screen.getByRole('button', { name: 'Move' }))
  }

  it('a file renamed: nothing more is read at its old path, and the preview follows it to its new name', async () => {
    const { reads, emit, answer } = await openPreview('/move_item')
    const readsBefore = reads.length

    await rename('lease.txt', 'renewal.txt')
    emit('/Leases/lease.txt')
    emit('/Leases/renewal.txt')
    // The batch is read again meanwhile (the folder's listing shows the new name), the preview still open.
    await new Promise((r) => setTimeout(r, VFS_EVENT_BATCH_MS * 2))
    await screen.findByRole('treeitem', { name: /^renewal\.txt/ })
    expect(screen.getByTestId('file-preview')).toBeTruthy()

    answer()
    await waitFor(() => expect(window.location.hash).toBe('#/files?path=%2FLeases%2Frenewal.txt'))
    await within(await screen.findByTestId('file-preview')).findByText(/renewal is due in March/)
    await new Promise((r) => setTimeout(r, VFS_EVENT_BATCH_MS * 2))
    expect(reads.slice(readsBefore).filter((r) => r.path === '/Leases/lease.txt')).toEqual([])
    expect(reads.slice(readsBefore).filter((r) => r.status !== 200)).toEqual([])

    // A file uploaded at the old name later is a new one, previewed as any other.
    const again = new TextEncoder().encode('The new lease starts in April.')
    expect((await node.post('/v2/upload_file_to_folder', { path: '/Leases', filename: 'lease.txt', file_data: again })).status).toBe(200)
    window.location.hash = '#/files?path=%2FLeases%2Flease.txt'
    // The preview is drawn anew for another file: the one found is looked at each time.
    await waitFor(() => expect(screen.getByTestId('file-preview').textContent).toMatch(/new lease starts in April/))
  })

  it('its folder renamed: nothing inside the old folder is read again, and the preview follows the file there', async () => {
    const { reads, emit, answer } = await openPreview('/move_folder')
    const readsBefore = reads.length

    await rename('Leases', 'Archive')
    emit('/Leases')
    emit('/Archive')
    await new Promise((r) => setTimeout(r, VFS_EVENT_BATCH_MS * 2))
    await screen.findByRole('treeitem', { name: /^Archive/ })
    expect(screen.getByTestId('file-preview')).toBeTruthy()

    answer()
    await waitFor(() => expect(window.location.hash).toBe('#/files?path=%2FArchive%2Flease.txt'))
    await within(await screen.findByTestId('file-preview')).findByText(/renewal is due in March/)
    await new Promise((r) => setTimeout(r, VFS_EVENT_BATCH_MS * 2))
    expect(reads.slice(readsBefore).filter((r) => isWithin(r.path, '/Leases'))).toEqual([])
    expect(reads.slice(readsBefore).filter((r) => r.status !== 200)).toEqual([])
    // The folder stays open at its new name, the file in it.
    await screen.findByRole('treeitem', { name: /^lease\.txt/ })
  })

  it('a file dragged onto another folder: nothing more is read at its old path, and the preview follows it there', async () => {
    await node.post('/v2/create_folder', { path: '/', folder_name: 'Archive' })
    const { reads, emit, answer } = await openPreview('/move_item')
    const readsBefore = reads.length

    const entry = JSON.stringify({ path: '/Leases/lease.txt', is_directory: false })
    const dataTransfer = { types: [ENTRY_MIME], getData: (type: string) => (type === ENTRY_MIME ? entry : ''), files: [] }
    fireEvent.drop(within(screen.getByRole('treeitem', { name: /^Archive/ })).getByText('Archive'), { dataTransfer })
    emit('/Leases/lease.txt')
    emit('/Archive/lease.txt')
    await new Promise((r) => setTimeout(r, VFS_EVENT_BATCH_MS * 2))
    await waitFor(() => expect(screen.queryByRole('treeitem', { name: /^lease\.txt/ })).toBeNull())
    expect(screen.getByTestId('file-preview')).toBeTruthy()

    answer()
    await waitFor(() => expect(window.location.hash).toBe('#/files?path=%2FArchive%2Flease.txt'))
    await within(await screen.findByTestId('file-preview')).findByText(/renewal is due in March/)
    await new Promise((r) => setTimeout(r, VFS_EVENT_BATCH_MS * 2))
    expect(reads.slice(readsBefore).filter((r) => r.path === '/Leases/lease.txt')).toEqual([])
    expect(reads.slice(readsBefore).filter((r) => r.status !== 200)).toEqual([])
  })
})
