// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { VFS_EVENT_BATCH_MS } from '../../src/renderer/src/api/events'
import { useHeldAnswerPreview } from './files-held-answer'
import { layOutLists } from './list-layout'

layOutLists()

/*
 * A folder created while a file is previewed: the new folder changes its parent's listing and the
 * names found, not the passages of the file on screen. They were read again (the whole document)
 * before the dialog closed.
 */
describe('a folder created while a file is previewed', () => {
  const preview = useHeldAnswerPreview()

  it('shows the new folder and reads the previewed file no more', async () => {
    const { reads, emit, answer } = await preview.open('/create_folder')
    const readsBefore = reads.length
    await userEvent.click(screen.getByRole('button', { name: 'New folder' }))
    const dialog = await screen.findByRole('dialog')
    const parent = /New folder in (.*)/.exec(within(dialog).getByRole('heading').textContent ?? '')?.[1]
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Folder name' }), 'Drafts')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create folder' }))
    // The node tells every window of it, then answers.
    emit(parent === 'Leases' ? '/Leases/Drafts' : '/Drafts')
    answer()
    await screen.findByRole('treeitem', { name: /^Drafts/ })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await new Promise((r) => setTimeout(r, VFS_EVENT_BATCH_MS * 2))
    expect(reads.slice(readsBefore).filter((r) => r.path === '/Leases/lease.txt')).toEqual([])
    // The preview is still there, as it was.
    expect(within(screen.getByTestId('file-preview')).getByText(/renewal is due in March/)).toBeTruthy()
  })
})
