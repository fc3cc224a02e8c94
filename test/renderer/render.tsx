import { MantineProvider } from '@mantine/core'
import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createClient } from '../../src/renderer/src/api/client'
import { ClientProvider } from '../../src/renderer/src/api/client-context'
import type { Transport } from '../../src/renderer/src/api/transport'
import type { Router } from '../../src/main/node-api'

/** A transport straight into a real in-process node router: the component talks to the real API. */
export function routerTransport(router: Router): Transport {
  return {
    kind: 'ipc',
    request: async (req) => router.handle(req),
    onEvent: () => () => {}
  }
}

export function renderWithApp(ui: ReactElement, transport?: Transport) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const client = createClient(
    transport ?? { kind: 'ipc', request: () => Promise.resolve({ status: 503, body: null }), onEvent: () => () => {} }
  )
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
