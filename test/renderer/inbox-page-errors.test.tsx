// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Transport } from '../../src/renderer/src/api/transport'
import { inboxPageKeys } from '../../src/renderer/src/api/inbox-pages'
import { InboxesPage } from '../../src/renderer/src/features/inboxes/InboxesPage'
import { InboxView } from '../../src/renderer/src/features/inboxes/InboxView'
import { useInboxFilters } from '../../src/renderer/src/stores/inbox-filters'
import { addProvider, createJob, useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp } from './render'

/* A tall window: the first page (50 rows) does not fill it, so the list asks for the next page at once. */
layOutLists({ clientHeight: 5000, clientWidth: 800 })

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })

beforeEach(async () => {
  for (let i = 0; i < 60; i++) await createJob(node, 'gpt')
  useInboxFilters.setState({ search: '', showHidden: false })
})
afterEach(() => {
  cleanup()
})

/** The transport of a node whose next pages of the inbox list fail while `failing` says so; it counts them. */
function failingNextPages() {
  const state = { nextPages: 0, failing: true }
  const transport: Transport = {
    kind: 'ipc',
    request: (req) => {
      if (state.failing && req.path === '/v2/all_inboxes_paginated' && req.query?.offset) {
        state.nextPages++
        return Promise.resolve({ status: 500, body: { code: 500, error: 'Internal Server Error', message: 'disk I/O error' } })
      }
      return node.router.handle(req)
    },
    onEvent: () => () => {}
  }
  return { state, transport }
}

describe('a next page the node cannot give', () => {
  it('the conversation list beside an open inbox does not ask for it again and again', async () => {
    // happy-dom has no document.fonts, which the composer's auto-sizing textarea listens to.
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
    const { state, transport } = failingNextPages()
    const inboxes = (await node.get('/v2/all_inboxes_paginated', { limit: '1' })).body as { inboxes: { inbox_id: string }[] }
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    renderWithApp(<InboxView inboxId={inboxes.inboxes[0]!.inbox_id} />, transport, { queryClient: qc })
    await screen.findByTestId('inbox-title')
    // Asked for once, however long a loaded machine takes to get there; then a second for it to be asked again and again.
    await waitFor(() => expect(state.nextPages).toBeGreaterThanOrEqual(1), { timeout: 5000 })
    await new Promise((r) => setTimeout(r, 1000))
    expect(state.nextPages).toBeLessThanOrEqual(3)
    qc.clear()
  })

  it('is not asked for again and again: the window does not flood the node while the page fails', async () => {
    const { state, transport } = failingNextPages()
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    renderWithApp(<InboxesPage />, transport, { queryClient: qc })
    await screen.findAllByTestId('inbox-row')
    // Asked for once, however long a loaded machine takes to get there; then a second for it to be asked again and again.
    await waitFor(() => expect(state.nextPages).toBeGreaterThanOrEqual(1), { timeout: 5000 })
    await new Promise((r) => setTimeout(r, 1000))
    expect(state.nextPages).toBeLessThanOrEqual(3)
    // The failure is said, with a way to ask again; once the node can, the rest of the list comes.
    expect(screen.getByText('disk I/O error')).toBeTruthy()
    state.failing = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(60))
    expect(screen.queryByText('disk I/O error')).toBeNull()
    qc.clear()
  })
})

describe('an open conversation when the node restarts and no longer knows the window (401)', () => {
  /** A node that answers 401, as a restarted one does to a window whose session it no longer has, while `ended` says so. */
  function restartingNode() {
    const state = { ended: false }
    const transport: Transport = {
      kind: 'ipc',
      request: (req) =>
        state.ended
          ? Promise.resolve({
              status: 401,
              body: { code: 401, error: 'Unauthorized', message: 'authorization: missing or wrong bearer token' }
            })
          : node.router.handle(req),
      onEvent: () => () => {}
    }
    return { state, transport }
  }

  it('stays as it was read, not replaced by an error; opened only then, it says what to do in a plain sentence', async () => {
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
    const jobId = await createJob(node, 'gpt')
    const inboxId = `job_inbox::${jobId}::false`
    await node.post('/v2/job_message', { job_id: jobId, content: 'The minutes of Tuesday' })
    const { state, transport } = restartingNode()
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const view = renderWithApp(<InboxView inboxId={inboxId} />, transport, { queryClient: qc })
    const shown = () => screen.queryAllByText('The minutes of Tuesday').length
    await waitFor(() => expect(shown()).toBeGreaterThan(0))
    state.ended = true
    await qc.invalidateQueries()
    await waitFor(() => expect(qc.getQueryState(inboxPageKeys.one(inboxId))?.status).toBe('error'))
    expect(shown()).toBeGreaterThan(0)
    expect(screen.queryByText('The inbox could not be loaded')).toBeNull()
    view.unmount()

    renderWithApp(<InboxView inboxId={inboxId} />, transport, {
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } })
    })
    expect(await screen.findByText('The inbox could not be loaded')).toBeTruthy()
    expect(screen.getByText(/This window is not signed in to the node \(the node restarted, or/)).toBeTruthy()
    expect(screen.queryByText(/bearer token/)).toBeNull()
  })
})
