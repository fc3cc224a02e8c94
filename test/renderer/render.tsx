import { MantineProvider } from '@mantine/core'
import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createClient, type Client } from '../../src/renderer/src/api/client'
import { ClientProvider } from '../../src/renderer/src/api/client-context'
import type { Transport } from '../../src/renderer/src/api/transport'
import { objectBridgeTransport } from './object-bridge'
import { shareUnchanged } from '../../src/renderer/src/api/share-unchanged'
import type { Router } from '../../src/main/node-api'
import { onTestFinished } from 'vitest'
import { connectEvents } from '../../src/renderer/src/api/events'
import type { TestNode } from '../support/node'

/**
 * The window's IPC transport with a real in-process node router behind the bridge: the component
 * talks to the real API as it does in the desktop app (a File's bytes read before sending).
 */
export function routerTransport(router: Router): Transport {
  return objectBridgeTransport({ request: (req) => router.handle(req), onEvent: () => () => {} })
}

/**
 * Renders `ui` inside the window's providers, talking to `transport` (by default a node that answers
 * 503). A test that reads or fills the cache itself, or keeps its own client, passes them in `own`.
 */
export function renderWithApp(ui: ReactElement, transport?: Transport, own: { queryClient?: QueryClient; client?: Client } = {}) {
  const queryClient =
    own.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false, structuralSharing: shareUnchanged } } })
  const client =
    own.client ??
    createClient(transport ?? { kind: 'ipc', request: () => Promise.resolve({ status: 503, body: null }), onEvent: () => () => {} })
  return render(
    <MantineProvider>
      <ModalsProvider>
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <ClientProvider client={client}>{ui}</ClientProvider>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>
  )
}

/**
 * Renders `ui` as the window shows it against `node`: its requests to the node's router and the
 * node's events connected to the query cache (as the app does), so that a view is brought up to
 * date by the event the node sends, not only by a poll. Disconnected when the test ends.
 */
export function renderConnected(ui: ReactElement, node: TestNode) {
  const transport = objectBridgeTransport({
    request: (req) => node.router.handle(req),
    onEvent: (listener) => node.ctx.bus.subscribe(listener)
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, structuralSharing: shareUnchanged } } })
  const disconnect = connectEvents(transport, queryClient)
  onTestFinished(disconnect)
  return renderWithApp(ui, transport, { queryClient })
}
