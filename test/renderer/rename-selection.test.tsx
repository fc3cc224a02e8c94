// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { renamePart } from '../../src/renderer/src/features/files/vfs-paths'
import { useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'

layOutLists()

describe('the part of a name a rename selects first', () => {
  it("is a file's name before its last extension, a folder's whole name, and a dot file's whole name", () => {
    expect(renamePart('lease.pdf', false)).toBe('lease'.length)
    expect(renamePart('lease.2026.pdf', false)).toBe('lease.2026'.length)
    expect(renamePart('README', false)).toBe('README'.length)
    expect(renamePart('.env', false)).toBe('.env'.length)
    expect(renamePart('Reports.old', true)).toBe('Reports.old'.length)
  })
})

describe('F2 on a library row (a real node)', () => {
  const node = useTestNode()
  beforeEach(() => {
    window.location.hash = '#/files'
  })
  afterEach(cleanup)

  it('opens Rename with the name before the extension selected, so a name typed at once replaces it and keeps the type', async () => {
    await node.post('/v2/create_folder', { path: '/', folder_name: 'Reports.old' })
    const text = new TextEncoder().encode('The lease runs until 2030.')
    expect((await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'lease.2026.txt', file_data: text })).status).toBe(200)
    renderWithApp(<FilesPage />, routerTransport(node.router))

    const file = await screen.findByRole('treeitem', { name: /^lease\.2026\.txt/ })
    file.focus()
    await userEvent.keyboard('{F2}')
    const input = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Name' })
    await waitFor(() => expect(document.activeElement).toBe(input))
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'lease.2026'.length])
    await userEvent.keyboard('renewal')
    expect(input.value).toBe('renewal.txt')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull())

    // A folder: its whole name, dots and all.
    const folder = await screen.findByRole('treeitem', { name: 'Reports.old' })
    folder.focus()
    await userEvent.keyboard('{F2}')
    const folderName = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Name' })
    await waitFor(() => expect(document.activeElement).toBe(folderName))
    expect([folderName.selectionStart, folderName.selectionEnd]).toEqual([0, 'Reports.old'.length])
  })
})
