import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient, type Client } from '../../src/renderer/src/api/client'
import { connectEvents } from '../../src/renderer/src/api/events'
import { keys, loadedMessages, messagesQuery, type MessagePages } from '../../src/renderer/src/api/queries'
import type { Transport } from '../../src/renderer/src/api/transport'
import { useStreaming } from '../../src/renderer/src/stores/streaming'
import type { LastMessage } from '../../src/shared/contract/message'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * The event stream back after a break, against a real node: the window missed every event of the
 * break, however many messages were written meanwhile. It catches up with one page per open
 * conversation, never with reads that grow with the number of missed messages.
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let qc: QueryClient
let client: Client
let requests: string[]
let resume: () => void
let disconnect: () => void
let jobId: string
let inbox: string
let said = 0
/** Holds the next conversation read this long (a slow first read); later reads are not held. */
let slowReadsMs = 0
/** Each next conversation read is answered by the node at once, and its answer held this long (one entry a read). */
let heldAnswersMs: number[] = []

beforeEach(async () => {
  requests = []
  // The stream is down from the start: events of the node never arrive, then it comes back.
  const transport: Transport = {
    kind: 'http',
    request: async (req) => {
      requests.push(req.path)
      if (slowReadsMs && req.path === '/v2/last_messages') {
        const ms = slowReadsMs
        slowReadsMs = 0
        await new Promise((r) => setTimeout(r, ms))
      }
      const held = req.path === '/v2/last_messages' ? heldAnswersMs.shift() : undefined
      const answer = await node.router.handle(req)
      if (held) await new Promise((r) => setTimeout(r, held))
      return answer
    },
    onEvent: (_listener, onResumed) => {
      resume = () => onResumed?.()
      return () => {}
    }
  }
  client = createClient(transport)
  qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  disconnect = connectEvents(transport, qc)
  jobId = await createJob(node, 'gpt')
  inbox = `job_inbox::${jobId}::false`
  said = 0
  slowReadsMs = 0
  heldAnswersMs = []
})
afterEach(() => {
  disconnect()
  qc.clear()
})

async function say(n: number) {
  for (let i = 0; i < n; i++) {
    const res = await node.post('/v2/job_message', { job_id: jobId, content: `message ${said++}` })
    expect(res.status).toBe(200)
  }
}
const contents = (ms: readonly LastMessage[]) => ms.map((m) => m.job_message.content)
const expected = (n: number) => Array.from({ length: n }, (_, i) => `message ${i}`)

/** The open conversation as the inbox view keeps it, with `pages` pages loaded. */
async function openConversation(pages: number) {
  const observer = new InfiniteQueryObserver(qc, messagesQuery(client, qc, inbox))
  const stop = observer.subscribe(() => {})
  await expect.poll(() => observer.getCurrentResult().isSuccess).toBe(true)
  while (observer.getCurrentResult().data!.pages.length < pages) await observer.fetchNextPage()
  const data = () => qc.getQueryData<MessagePages>(keys.messages(inbox))!
  const shown = () => loadedMessages(data())
  return { observer, stop, shown, data }
}

/** Waits until the catch-up has settled: no query fetching any more. */
const settled = () => expect.poll(() => qc.isFetching()).toBe(0)

describe('catching up after the event stream comes back', () => {
  it('more than a page missed: one request, the newest page alone, the rest read on scroll, every message once in order', async () => {
    await say(120)
    const view = await openConversation(3) // 120 messages in 3 pages, the whole history
    expect(contents(view.shown())).toEqual(expected(120))
    await say(1000) // written during the break: 1,000 missed messages

    requests = []
    resume()
    await expect.poll(() => contents(view.shown()).at(-1)).toBe('message 1119')
    await settled()
    expect(requests).toEqual(['/v2/last_messages'])
    expect(view.data().pages).toHaveLength(1)
    expect(contents(view.shown())).toEqual(expected(1120).slice(-50))

    // Scrolling up reads the gap page by page: every message appears exactly once, in order.
    while (view.observer.getCurrentResult().hasNextPage) await view.observer.fetchNextPage()
    expect(contents(view.shown())).toEqual(expected(1120))
    view.stop()
  })

  it('fewer than a page missed: one request, merged into the newest page, the older pages kept as they were', async () => {
    await say(130)
    const view = await openConversation(3)
    const older = view.data().pages.slice(1)
    await say(20)

    requests = []
    resume()
    await expect.poll(() => view.shown().length).toBe(150)
    await settled()
    expect(requests).toEqual(['/v2/last_messages'])
    expect(view.data().pages.slice(1)).toEqual(older)
    expect(contents(view.shown())).toEqual(expected(150))
    expect(view.observer.getCurrentResult().hasNextPage).toBe(false)
    view.stop()
  })

  it('a conversation no screen shows is dropped, not read; other queries are marked stale', async () => {
    await say(10)
    const view = await openConversation(1)
    view.stop() // the view closed: the query stays cached without an observer
    const health = new QueryObserver(qc, { queryKey: keys.health, queryFn: () => client.call('health_check') })
    const stopHealth = health.subscribe(() => {})
    await expect.poll(() => health.getCurrentResult().isSuccess).toBe(true)
    await say(200)

    requests = []
    resume()
    await settled()
    expect(qc.getQueryData(keys.messages(inbox))).toBeUndefined()
    expect(requests).toEqual(['/v2/health_check'])
    stopHealth()
  })

  it("the answer text of a conversation no screen shows goes with the break (what it replaces stays); an open one's stays, as joined late", async () => {
    await say(2)
    const view = await openConversation(1)
    const [question] = view.shown()
    const hidden = 'job_inbox::jobid_elsewhere::false'
    useStreaming.setState({ partial: {} })
    // Both were being written when the stream broke; the other conversation's view is closed.
    useStreaming.getState().append(inbox, question!.node_api_data.node_message_hash, 'Half of an answer')
    useStreaming.getState().append(hidden, 'parent-elsewhere', 'Half of another', ['an-earlier-reply'])

    resume()
    await settled()
    const partial = useStreaming.getState().partial
    // Whether the other one was stored meanwhile is not read: its text, lacking a part anyway, is not
    // kept for the session; opened again, the conversation shows an answer in progress until it is stored.
    expect(partial[hidden]).toEqual({ parent: 'parent-elsewhere', text: '', replaced: ['an-earlier-reply'], late: true })
    // The open conversation's answer is not stored (its question has no reply): shown as in progress.
    expect(partial[inbox]).toMatchObject({ text: 'Half of an answer', late: true })
    view.stop()
  })

  it('a refetch of an open conversation (an inbox_changed) reads no more pages than were loaded, however many arrived', async () => {
    await say(100)
    const view = await openConversation(2)
    await say(600)

    requests = []
    await qc.invalidateQueries({ queryKey: keys.messages(inbox) })
    expect(requests.length).toBeLessThanOrEqual(2)
    expect(contents(view.shown())).toEqual(expected(700).slice(-100))
    while (view.observer.getCurrentResult().hasNextPage) await view.observer.fetchNextPage()
    expect(contents(view.shown())).toEqual(expected(700))
    view.stop()
  })

  it('a read asked for after the catch-up’s own (an event on the new stream) and cut short by it is made again: the newer messages show', async () => {
    // The catch-up's read is answered before a message is written and arrives after the read the
    // message's event asked for has started: that read is cancelled so as not to write over the
    // caught-up pages, and what the catch-up brought lacks the message. Nothing read it again.
    await say(3)
    const view = await openConversation(1)
    heldAnswersMs = [300, 1000]
    resume()
    await new Promise((r) => setTimeout(r, 50))
    await say(1)
    void qc.invalidateQueries({ queryKey: keys.messages(inbox) })
    await expect.poll(() => contents(view.shown()), { timeout: 5000 }).toEqual(expected(4))
    await settled()
    expect(contents(view.shown())).toEqual(expected(4))
    view.stop()
  })

  it('the stream connecting while a conversation’s first read is under way leaves that read to finish (no spinner forever)', async () => {
    await say(3)
    slowReadsMs = 300
    const observer = new InfiniteQueryObserver(qc, messagesQuery(client, qc, inbox))
    const stop = observer.subscribe(() => {})
    await new Promise((r) => setTimeout(r, 20))
    resume()
    await expect.poll(() => observer.getCurrentResult().isSuccess, { timeout: 10_000 }).toBe(true)
    expect(contents(loadedMessages(qc.getQueryData<MessagePages>(keys.messages(inbox))))).toEqual(expected(3))
    stop()
  })
})
