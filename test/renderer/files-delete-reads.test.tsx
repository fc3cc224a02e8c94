// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { VFS_EVENT_BATCH_MS } from '../../src/renderer/src/api/events'
import { useHeldAnswerPreview } from './files-held-answer'
import { layOutLists } from './list-layout'

layOutLists()

/*
 * The file previewed, deleted here: the node tells every window of the change (vector_fs_changed) as
 * it deletes, and this window reads the library again after a batch of such events. That read may
 * come before the delete's own answer, the preview still on screen: it read the deleted file once
 * more, a 404 the window counted as a failed request (seen in CI, e2e files-preview-gone).
 */
describe('deleting the previewed file, the change event coming before the answer', () => {
  const preview = useHeldAnswerPreview()
  const node = preview.node

  it('reads nothing more at the deleted path, and the preview closes once the delete is done', async () => {
    const { reads, emit, answer } = await preview.open('/delete_item')
    const readsBefore = reads.length

    await userEvent.click(screen.getByRole('button', { name: 'Actions for lease.txt' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete…', hidden: true }))
    await userEvent.click(await screen.findByRole('button', { name: 'Delete', hidden: true }))
    emit('/Leases/lease.txt')
    // The batch is read again meanwhile (the folder's listing shows the file gone), the preview still open.
    await new Promise((r) => setTimeout(r, VFS_EVENT_BATCH_MS * 2))
    await waitFor(() => expect(screen.queryByRole('treeitem', { name: /^lease\.txt/ })).toBeNull())
    expect(screen.getByTestId('file-preview')).toBeTruthy()

    answer()
    await waitFor(() => expect(window.location.hash).toBe('#/files'))
    await waitFor(() => expect(screen.queryByTestId('file-preview')).toBeNull())
    await new Promise((r) => setTimeout(r, VFS_EVENT_BATCH_MS * 2))
    expect(reads.slice(readsBefore).filter((r) => r.path === '/Leases/lease.txt')).toEqual([])
    expect(reads.slice(readsBefore).filter((r) => r.status !== 200)).toEqual([])

    // A file uploaded at that path later is a new one, previewed as any other.
    const again = new TextEncoder().encode('The new lease starts in April.')
    expect((await node.post('/v2/upload_file_to_folder', { path: '/Leases', filename: 'lease.txt', file_data: again })).status).toBe(200)
    window.location.hash = '#/files?path=%2FLeases%2Flease.txt'
    await within(await screen.findByTestId('file-preview')).findByText(/new lease starts in April/)
  })

  it('asked to delete a folder again while its delete is under way (it takes seconds for thousands of files), says so instead of asking', async () => {
    // Asked again, its dialog named nothing of what was in it, and confirmed, the node's 404 came back as a failure.
    const { emit, answer } = await preview.open('/delete_folder')
    const ask = async (name: string) => {
      await userEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }))
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete…', hidden: true }))
    }
    await ask('Leases')
    await userEvent.click(await screen.findByRole('button', { name: 'Delete', hidden: true }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await ask('Leases')
    await screen.findByText('/Leases is being deleted already.')
    expect(screen.queryByRole('dialog')).toBeNull()
    // So is a file inside it.
    await ask('lease.txt')
    expect(await screen.findAllByText('/Leases/lease.txt is being deleted already.')).toHaveLength(1)
    expect(screen.queryByRole('dialog')).toBeNull()
    emit('/Leases')
    answer()
    await waitFor(() => expect(screen.queryByRole('treeitem', { name: /^Leases/ })).toBeNull())
    await new Promise((r) => setTimeout(r, VFS_EVENT_BATCH_MS * 2))
    expect(screen.queryByText(/was not deleted/)).toBeNull()
  })

  it('a folder deleted while another file is opened: the file open when the delete ends stays open', async () => {
    const notes = new TextEncoder().encode('Call the landlord on Monday.')
    expect((await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'notes.txt', file_data: notes })).status).toBe(200)
    const { emit, answer } = await preview.open('/delete_folder')

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Leases' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete…', hidden: true }))
    await userEvent.click(await screen.findByRole('button', { name: 'Delete', hidden: true }))
    // While the node deletes it, another file is opened (its row is in the tree).
    window.location.hash = '#/files?path=%2Fnotes.txt'
    await waitFor(() => expect(screen.getByTestId('file-preview').textContent).toMatch(/Call the landlord/))
    emit('/Leases')
    answer()
    await waitFor(() => expect(screen.queryByRole('treeitem', { name: /^Leases/ })).toBeNull())
    await new Promise((r) => setTimeout(r, VFS_EVENT_BATCH_MS * 2))
    // It was closed: the delete closed the preview that was open when it began.
    expect(window.location.hash).toBe('#/files?path=%2Fnotes.txt')
    expect(screen.getByTestId('file-preview').textContent).toMatch(/Call the landlord/)
  })
})
