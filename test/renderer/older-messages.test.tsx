// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createClient, type Client } from '../../src/renderer/src/api/client'
import { connectEvents } from '../../src/renderer/src/api/events'
import { ClientProvider } from '../../src/renderer/src/api/client-context'
import { keys, loadedMessages, useMessages, type MessagePages } from '../../src/renderer/src/api/queries'
import type { Transport } from '../../src/renderer/src/api/transport'
import { useOlderMessages } from '../../src/renderer/src/features/inboxes/older-messages'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * The reader scrolls to the top of a long conversation and older messages are asked for. A message
 * stored in the conversation while that page is read has the window read the conversation again
 * (the node's inbox_changed event), and TanStack cancels the older page's read for it: the spinner
 * went, nothing older came, and with the list still at the top no scroll event asked again.
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let qc: QueryClient
let client: Client
let disconnect: () => void
let inbox: string
let jobId: string
/** Reads of older messages (with an offset_key) wait for this before the node answers them. */
let holdOlder: Promise<void> | undefined
let olderReads = 0

beforeEach(async () => {
  holdOlder = undefined
  olderReads = 0
  const transport: Transport = {
    kind: 'ipc',
    request: async (req) => {
      if (req.path === '/v2/last_messages' && (req.body as { offset_key?: string | null } | undefined)?.offset_key) {
        olderReads++
        if (holdOlder) await holdOlder
      }
      return node.router.handle(req)
    },
    onEvent: (listener) => node.ctx.bus.subscribe(listener)
  }
  client = createClient(transport)
  qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  disconnect = connectEvents(transport, qc)
  jobId = await createJob(node, 'gpt')
  inbox = `job_inbox::${jobId}::false`
  for (let i = 0; i < 150; i++) expect((await node.post('/v2/job_message', { job_id: jobId, content: `message ${i}` })).status).toBe(200)
})
afterEach(() => {
  disconnect()
  qc.clear()
})

/** The conversation's messages as the window holds them. */
const shown = () => loadedMessages(qc.getQueryData<MessagePages>(keys.messages(inbox)))

function openConversation() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>
      <ClientProvider client={client}>{children}</ClientProvider>
    </QueryClientProvider>
  )
  return renderHook(
    () => {
      const messages = useMessages(inbox)
      return { messages, older: useOlderMessages(inbox, messages) }
    },
    { wrapper }
  )
}

it('older messages asked for while a message is stored come all the same, and the wait shows until they do', async () => {
  const { result, unmount } = openConversation()
  await expect.poll(() => result.current.messages.isSuccess).toBe(true)
  const firstPage = shown().length
  expect(firstPage).toBeLessThan(150)

  let release = () => {}
  holdOlder = new Promise<void>((r) => (release = r))
  result.current.older.loadOlder()
  await expect.poll(() => olderReads).toBe(1)
  await expect.poll(() => result.current.older.loadingOlder).toBe(true)

  // A message stored meanwhile: the event has the conversation read again, which cancels the older read.
  expect((await node.post('/v2/job_message', { job_id: jobId, content: 'said while reading' })).status).toBe(200)
  await expect.poll(() => shown().at(-1)?.job_message.content).toBe('said while reading')
  expect(result.current.messages.data?.pages).toHaveLength(1)
  // Still waiting for the older ones: asked for again once the conversation's read is over.
  expect(result.current.older.loadingOlder).toBe(true)
  holdOlder = undefined
  release()

  await expect.poll(() => result.current.messages.data?.pages.length).toBe(2)
  await expect.poll(() => result.current.older.loadingOlder).toBe(false)
  const contents = shown().map((m) => m.job_message.content)
  expect(contents.length).toBeGreaterThan(firstPage + 1)
  expect(new Set(contents).size).toBe(contents.length)
  expect(contents.at(-1)).toBe('said while reading')
  unmount()
})

it('once the older messages came, the conversation read again from its first page reads no older page on its own', async () => {
  const { result, rerender, unmount } = openConversation()
  await expect.poll(() => result.current.messages.isSuccess).toBe(true)
  result.current.older.loadOlder()
  await expect.poll(() => result.current.messages.data?.pages.length).toBe(2)
  await expect.poll(() => result.current.older.loadingOlder).toBe(false)
  const reads = olderReads

  // The conversation read anew from its first page.
  await qc.resetQueries({ queryKey: keys.messages(inbox) })
  rerender()
  await expect.poll(() => result.current.messages.isSuccess).toBe(true)
  await new Promise((r) => setTimeout(r, 100))
  expect(result.current.messages.data?.pages).toHaveLength(1)
  expect(olderReads).toBe(reads)
  expect(result.current.older.loadingOlder).toBe(false)
  unmount()
})
