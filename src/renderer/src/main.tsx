import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import './app/app.css'
import { MantineProvider } from '@mantine/core'
import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createClient } from './api/client'
import { ClientProvider } from './api/client-context'
import { connectEvents } from './api/events'
import { inboxPagesQuery } from './api/inbox-pages'
import { pickTransport } from './api/transport'
import { useInboxFilters } from './stores/inbox-filters'
import { App } from './app/App'
import { theme } from './app/theme'

const transport = pickTransport()
const client = createClient(transport)
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 5_000 } }
})
connectEvents(transport, queryClient)
// The list is the first screen: fetch it now, beside the first render, not after it.
for (const pinned of [true, false]) {
  void queryClient.prefetchInfiniteQuery(inboxPagesQuery(client, { showHidden: useInboxFilters.getState().showHidden, pinned }))
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <ModalsProvider>
        <Notifications position="bottom-right" />
        <QueryClientProvider client={queryClient}>
          <ClientProvider client={client}>
            <App />
          </ClientProvider>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>
  </StrictMode>
)
