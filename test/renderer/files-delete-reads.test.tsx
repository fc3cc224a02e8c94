// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { connectEvents, VFS_EVENT_BATCH_MS } from '../../src/renderer/src/api/events'
import { bridgeTransport } from '../../src/renderer/src/api/transport'
import { useRoute } from '../../src/renderer/src/app/router'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import type { NodeEvent } from '../../src/shared/contract/events'
import { useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp } from './render'

layOutLists()

function RoutedFilesPage() {
  const route = useRoute()
  return route.name === 'files' ? <FilesPage path={route.path} node={route.node} /> : null
}

/*
 * The file previewed, deleted here: the node tells every window of the change (vector_fs_changed) as
 * it deletes, and this window reads the library again after a batch of such events. That read may
 * come before the delete's own answer, the preview still on screen: it read the deleted file once
 * more, a 404 the window counted as a failed request (seen in CI, e2e files-preview-gone).
 */
describe('deleting the previewed file, the change event coming before the answer', () => {
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

  it('reads nothing more at the deleted path, and the preview closes once the delete is done', async () => {
    await node.post('/v2/create_folder', { path: '/', folder_name: 'Leases' })
    const bytes = new TextEncoder().encode('The lease renewal is due in March.')
    expect((await node.post('/v2/upload_file_to_folder', { path: '/Leases', filename: 'lease.txt', file_data: bytes })).status).toBe(200)

    const reads: { path: unknown; status: number }[] = []
    let listener: (event: NodeEvent) => void = () => {}
    let answerDelete = () => {}
    const transport = bridgeTransport({
      request: async (req) => {
        const res = await node.router.handle(req)
        if (req.path.endsWith('/retrieve_vector_resource')) reads.push({ path: req.query?.path, status: res.status })
        // Done on the node, answered later: its event reaches the window first.
        if (req.path.endsWith('/delete_item')) await new Promise<void>((resolve) => (answerDelete = resolve))
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
    const readsBefore = reads.length

    await userEvent.click(screen.getByRole('button', { name: 'Actions for lease.txt' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete…', hidden: true }))
    await userEvent.click(await screen.findByRole('button', { name: 'Delete', hidden: true }))
    listener({ type: 'vector_fs_changed', data: { path: '/Leases/lease.txt' } })
    // The batch is read again meanwhile (the folder's listing shows the file gone), the preview still open.
    await new Promise((r) => setTimeout(r, VFS_EVENT_BATCH_MS * 2))
    await waitFor(() => expect(screen.queryByRole('treeitem', { name: /^lease\.txt/ })).toBeNull())
    expect(screen.getByTestId('file-preview')).toBeTruthy()

    answerDelete()
    await waitFor(() => expect(window.location.hash).toBe('#/files'))
    await waitFor(() => expect(screen.queryByTestId('file-preview')).toBeNull())
    await new Promise((r) => setTimeout(r, VFS_EVENT_BATCH_MS * 2))
    expect(reads.slice(readsBefore)).toEqual([])

    // A file uploaded at that path later is a new one, previewed as any other.
    const again = new TextEncoder().encode('The new lease starts in April.')
    expect((await node.post('/v2/upload_file_to_folder', { path: '/Leases', filename: 'lease.txt', file_data: again })).status).toBe(200)
    window.location.hash = '#/files?path=%2FLeases%2Flease.txt'
    await within(await screen.findByTestId('file-preview')).findByText(/new lease starts in April/)
  })
})
