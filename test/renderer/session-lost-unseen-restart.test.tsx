// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createClient } from '../../src/renderer/src/api/client'
import type { Transport } from '../../src/renderer/src/api/transport'
import { AppLayout } from '../../src/renderer/src/app/AppLayout'
import { renderWithApp } from './render'

afterEach(cleanup)

/**
 * A headless node that restarts between two health checks: health_check always answers (it needs no
 * session), other calls answer until `restarted`, then 401 as the restarted node does for a session it forgot.
 */
function restartingNode() {
  const node = { restarted: false }
  const transport: Transport = {
    kind: 'http',
    request: (req) => {
      if (req.path === '/v2/health_check') return Promise.resolve({ status: 200, body: { status: 'ok', node_name: 'n', version: '1' } })
      if (node.restarted)
        return Promise.resolve({
          status: 401,
          body: { code: 401, error: 'Unauthorized', message: 'authorization: missing or wrong bearer token' }
        })
      return Promise.resolve({ status: 200, body: [] })
    },
    onEvent: () => () => {}
  }
  return { node, transport }
}

/** The window's layout over `transport`; answers a read of the providers list (its failure kept by the query). */
function renderLayout(transport: Parameters<typeof createClient>[0]) {
  const client = createClient(transport)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  renderWithApp(
    <AppLayout route={{ name: 'inboxes' }}>
      <p>page</p>
    </AppLayout>,
    transport,
    { queryClient, client }
  )
  return () =>
    queryClient
      .fetchQuery({ queryKey: ['providers'], queryFn: () => client.call('available_llm_providers'), staleTime: 0 })
      .catch(() => undefined)
}

describe('a window whose session the node forgot without being seen down (a restart between two health checks)', () => {
  it('says the node restarted and no longer knows the window, not that the address’s one-time code was used already', async () => {
    const { node, transport } = restartingNode()
    const read = renderLayout(transport)
    await read()
    node.restarted = true
    await read()
    expect((await screen.findByTestId('session-ended-banner')).textContent).toContain('it no longer knows this window')
    expect(screen.queryByTestId('signed-out-banner')).toBeNull()
  })

  it('a window that never had a session (its code used already) is still told so', async () => {
    const { node, transport } = restartingNode()
    node.restarted = true
    const read = renderLayout(transport)
    await read()
    expect((await screen.findByTestId('signed-out-banner')).textContent).toContain('was used already')
    expect(screen.queryByTestId('session-ended-banner')).toBeNull()
  })
})
