// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { connectEvents } from '../../src/renderer/src/api/events'
import { shareUnchanged } from '../../src/renderer/src/api/share-unchanged'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import type { BridgeRequest } from '../../src/shared/bridge'
import { useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { objectBridgeTransport } from './object-bridge'
import { renderWithApp } from './render'

layOutLists()
afterEach(() => cleanup())

/*
 * A folder open on the Files page while thousands of files are uploaded into it: its listing was read whole twice a
 * second (and again at each batch of the node's events). Each read costs more as the folder fills (the answer, and the
 * window's comparison of it with the listing it had), and there are more reads the longer the upload takes: 5,000
 * files spent 10 s of the window's time on it. Here a read of the listing costs 2 ms per entry it answers, as a
 * growing listing does in the window.
 */
describe('a folder filling during a large upload', () => {
  const node = useTestNode()
  beforeEach(() => {
    window.location.hash = '#/files'
  })

  async function fill(withEvents: boolean) {
    await node.post('/v2/create_folder', { path: '/', folder_name: 'Bulk' })
    const reads: { start: number; end: number; rows: number }[] = []
    let uploaded = 0
    let lastUploadAt = 0
    const transport = objectBridgeTransport({
      request: async (req: BridgeRequest) => {
        const res = await node.router.handle(req)
        if (req.path === '/v2/upload_file_to_folder') {
          uploaded++
          lastUploadAt = performance.now()
        }
        if (req.path === '/v2/retrieve_path_simplified' && req.query?.path === '/Bulk') {
          const start = performance.now()
          const rows = (res.body as unknown[]).length
          await new Promise((r) => setTimeout(r, 2 * rows))
          reads.push({ start, end: performance.now(), rows })
        }
        return res
      },
      onEvent: (listener) => (withEvents ? node.ctx.bus.subscribe(listener) : () => {})
    })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, structuralSharing: shareUnchanged } } })
    const disconnect = withEvents ? connectEvents(transport, queryClient) : () => {}
    try {
      renderWithApp(<FilesPage />, transport, { queryClient })
      const folder = await screen.findByRole('treeitem', { name: 'Bulk', expanded: false })
      await userEvent.click(folder)
      await screen.findByText('Empty folder')
      const n = 400
      const files = Array.from(
        { length: n },
        (_, i) => new File([`Bulk note ${i}.`], `note-${String(i).padStart(3, '0')}.txt`, { type: 'text/plain' })
      )
      const row = folder.closest('[data-testid=tree-row]')!.firstElementChild!
      const started = performance.now()
      fireEvent.drop(row, { dataTransfer: { files, types: ['Files'] } })
      await waitFor(() => expect(screen.getByTestId('upload-summary').textContent).toMatch(/^400 of 400 files uploaded/), {
        timeout: 60_000
      })
      const ended = performance.now()
      // The listing read after the last file is the node's whole folder.
      await waitFor(() => expect(reads.at(-1)).toMatchObject({ rows: n }), { timeout: 30_000 })
      expect(reads.at(-1)!.start).toBeGreaterThanOrEqual(lastUploadAt)
      expect(uploaded).toBe(n)
      // The operator watching the folder saw it fill: it was read with some of the files before all were sent.
      expect(reads.some((r) => r.start < lastUploadAt && r.rows > 0 && r.rows < n)).toBe(true)
      // While the files went up, reading the listing took a small share of the time (before: more than all of it, reads overlapping).
      const during = reads.filter((r) => r.start >= started && r.start < ended)
      const reading = during.reduce((sum, r) => sum + (r.end - r.start), 0)
      const longest = Math.max(0, ...during.map((r) => r.end - r.start))
      expect(reading).toBeLessThanOrEqual(0.15 * (ended - started) + longest)
    } finally {
      disconnect()
    }
  }

  it('is read again while it fills and once after, but reading it takes a small share of the upload', () => fill(false), 120_000)

  it('the same with the node telling the window of each file (its events)', () => fill(true), 120_000)
})
