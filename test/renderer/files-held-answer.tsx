import { QueryClient } from '@tanstack/react-query'
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect } from 'vitest'
import { connectEvents } from '../../src/renderer/src/api/events'
import { objectBridgeTransport } from './object-bridge'
import { useRoute } from '../../src/renderer/src/app/router'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import type { NodeEvent } from '../../src/shared/contract/events'
import { useTestNode, type TestNode } from '../support/node'
import { renderWithApp } from './render'

/*
 * The Files page with a file previewed, over a real in-process node whose answer to one route (a
 * delete, a move) is held back after the node has done it: the node's change events (sent by the
 * test, as the node would) reach the window first. For the tests of what the page reads meanwhile.
 */

function RoutedFilesPage() {
  const route = useRoute()
  return route.name === 'files' ? <FilesPage path={route.path} node={route.node} /> : null
}

export interface HeldAnswerPage {
  /** The library's reads (a file's passages, a folder's listing), with the node's answer. */
  readonly reads: { path: string; status: number }[]
  /** The node's vector_fs_changed of `path`, as it tells every window. */
  readonly emit: (path: string) => void
  /** Lets the held answer go to the window. */
  readonly answer: () => void
  /** Stops the window's events. */
  readonly disconnect: () => void
}

/** /Leases/lease.txt made on the node and previewed; the answer to `route` (e.g. '/delete_item') held back until answer(). */
export async function previewWithHeldAnswer(node: TestNode, qc: QueryClient, route: string): Promise<HeldAnswerPage> {
  await node.post('/v2/create_folder', { path: '/', folder_name: 'Leases' })
  const bytes = new TextEncoder().encode('The lease renewal is due in March.')
  expect((await node.post('/v2/upload_file_to_folder', { path: '/Leases', filename: 'lease.txt', file_data: bytes })).status).toBe(200)

  const reads: { path: string; status: number }[] = []
  let listener: (event: NodeEvent) => void = () => {}
  let release = () => {}
  const transport = objectBridgeTransport({
    request: async (req) => {
      const res = await node.router.handle(req)
      if (/\/(retrieve_vector_resource|retrieve_path_simplified)$/.test(req.path))
        reads.push({ path: String(req.query?.path), status: res.status })
      // Done on the node, answered later: its events reach the window first.
      if (req.path.endsWith(route)) await new Promise<void>((resolve) => (release = resolve))
      return res
    },
    onEvent: (l) => {
      listener = l
      return () => {}
    }
  })
  const disconnect = connectEvents(transport, qc)
  window.location.hash = '#/files?path=%2FLeases%2Flease.txt'
  renderWithApp(<RoutedFilesPage />, transport, { queryClient: qc })
  const preview = await screen.findByTestId('file-preview')
  await within(preview).findByText(/renewal is due in March/)
  return { reads, emit: (path) => listener({ type: 'vector_fs_changed', data: { path } }), answer: () => release(), disconnect }
}

/**
 * For a describe block: a node and a query client per test, the page's events stopped and its cache
 * cleared after each. `open(route)`: the preview with the answer to `route` held (previewWithHeldAnswer).
 */
export function useHeldAnswerPreview(): { readonly node: TestNode; open(route: string): Promise<HeldAnswerPage> } {
  const node = useTestNode()
  let qc: QueryClient
  let disconnect = () => {}
  beforeEach(() => {
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  })
  afterEach(() => {
    disconnect()
    disconnect = () => {}
    cleanup()
    qc.clear()
  })
  return {
    node,
    async open(route) {
      const page = await previewWithHeldAnswer(node, qc, route)
      disconnect = page.disconnect
      return page
    }
  }
}
