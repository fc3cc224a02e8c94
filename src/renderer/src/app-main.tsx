import './app/mantine-styles'
import '@mantine/notifications/styles.css'
import './app/app.css'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createClient, retryOnce } from './api/client'
import { ClientProvider } from './api/client-context'
import { connectEvents } from './api/events'
import { firstScreenLists, inboxPagesQuery } from './api/inbox-pages'
import { pickTransport } from './api/transport'
import { shareUnchanged } from './api/share-unchanged'
import { useInboxFilters } from './stores/inbox-filters'
import { App } from './app/App'
import { theme } from './app/theme'
import { readableColors } from './app/readable-colors'
import { AfterFirstPaint } from './app/after-first-paint'

const transport = pickTransport()
const client = createClient(transport)
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: retryOnce, refetchOnWindowFocus: false, staleTime: 5_000, structuralSharing: shareUnchanged } }
})
connectEvents(transport, queryClient)
// The list is the first screen (and beside every conversation): main.tsx has usually sent its first
// pages already, and the transport takes their responses.
const firstLists = Promise.all(
  firstScreenLists(useInboxFilters.getState().showHidden).map((filter) =>
    queryClient.prefetchInfiniteQuery(inboxPagesQuery(client, filter))
  )
)

/**
 * The first render waits for those pages, briefly: rendered with them it is one pass with the rows,
 * instead of an empty list painted and then rendered again when they arrive a few ms later.
 */
const FIRST_PAINT_WAIT_MS = 250
void Promise.race([firstLists, new Promise((r) => setTimeout(r, FIRST_PAINT_WAIT_MS))]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={readableColors} defaultColorScheme="auto">
        <AfterFirstPaint />
        <QueryClientProvider client={queryClient}>
          <ClientProvider client={client}>
            <App />
          </ClientProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  )
)
