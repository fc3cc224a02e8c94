// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { VFS_EVENT_BATCH_MS } from '../../src/renderer/src/api/events'
import { ENTRY_MIME } from '../../src/renderer/src/features/files/LibraryTree'
import { isWithin } from '../../src/shared/vfs-path'
import { useHeldAnswerPreview } from './files-held-answer'
import { layOutLists } from './list-layout'

layOutLists()

/*
 * The file previewed, renamed or moved here (itself, or the folder it is in): the node tells every
 * window of the move (vector_fs_changed, its old path and its new one) as it moves, and this window
 * reads the library again after a batch of such events. That read may come before the move's own
 * answer, the preview still on screen at the old path: it read the file (and the moved folder's
 * listing) once more where the node no longer has it, a 404 the window counts as a failed request.
 */
describe('renaming the previewed file or its folder, the change events coming before the answer', () => {
  const preview = useHeldAnswerPreview()
  const node = preview.node
  const openPreview = (route: string) => preview.open(route)

  async function rename(entry: string, to: string) {
    await userEvent.click(screen.getByRole('button', { name: `Actions for ${entry}` }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename or move…', hidden: true }))
    const name = await screen.findByRole('textbox', { name: 'Name' })
    await userEvent.clear(name)
    await userEvent.type(name, to)
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }))
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
