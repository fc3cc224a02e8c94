// Needs Node (the real node over HTTP on 127.0.0.1): named *.node.test.ts so a Node-typed config covers it.
import { InfiniteQueryObserver, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { inboxPagesQuery, type InboxFilter } from '../../src/renderer/src/api/inbox-pages'
import { keys, type MessagePages } from '../../src/renderer/src/api/queries'
import { useStreaming } from '../../src/renderer/src/stores/streaming'
import { createJobBody, provider } from '../support/fixtures'
import { useTestNode } from '../support/node'
import { useWindowOverHttp } from './window-over-http'

/*
 * The window's whole data layer against a real node: the node's HTTP server with its token, the
 * renderer's HTTP transport and SSE reader, connectEvents, a real QueryClient and the streaming
 * store. "Another window" changes things through the node's router; this window must follow.
 */

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 } } })
const win = useWindowOverHttp(node)
const observers: (() => void)[] = []

afterEach(() => {
  observers.splice(0).forEach((stop) => stop())
})

/** Keeps a query active, as a mounted component does, so invalidation refetches it. */
function observe<T>(options: ConstructorParameters<typeof QueryObserver<T>>[1]) {
  const observer = new QueryObserver<T>(win.qc, options)
  observers.push(observer.subscribe(() => {}))
  return observer
}

/** The first page of a paged inbox list, kept active as the list view keeps it; reads its inboxes. */
function observeList(filter: InboxFilter) {
  const observer = new InfiniteQueryObserver(win.qc, inboxPagesQuery(win.client, filter))
  observers.push(observer.subscribe(() => {}))
  return () => observer.getCurrentResult().data?.pages.flatMap((p) => p.inboxes)
}

/** Provider p1 (model-a, on the fake) and a new job of it; the job's newest page of messages, observed as the window's infinite messages query is. */
async function newJobWithMessages() {
  await node.post(
    '/v2/add_llm_provider',
    provider('p1', { model: { OpenAI: { model_type: 'model-a' } }, external_url: win.fake.url, api_key: 'k' })
  )
  const jobId = ((await node.post('/v2/create_job', createJobBody('p1'))).body as { job_id: string }).job_id
  const inboxId = `job_inbox::${jobId}::false`
  const messages = observe<MessagePages>({
    queryKey: keys.messages(inboxId),
    queryFn: async () => ({
      pages: [await win.client.call('last_messages', { body: { inbox_name: inboxId, limit: 50 } })],
      pageParams: [null]
    })
  })
  return { jobId, inboxId, messages }
}

/**
 * Waits until this window's event stream is open: a change made before that would be missed. Each
 * round adds a provider in "another window"; once this window's providers list shows it, an event
 * came through.
 */
async function streamOpen() {
  const providers = observe({ queryKey: keys.providers, queryFn: () => win.client.call('available_llm_providers') })
  await expect.poll(() => providers.getCurrentResult().isSuccess).toBe(true)
  for (let round = 0; ; round++) {
    const id = `probe${round}`
    await node.post('/v2/add_llm_provider', provider(id, { external_url: win.fake.url, api_key: 'k' }))
    try {
      await expect.poll(() => providers.getCurrentResult().data?.some((p) => p.id === id), { timeout: 250 }).toBe(true)
      return
    } catch (err) {
      if (round >= 20) throw err
    }
  }
}

describe('the window follows the node', () => {
  it('a job created in another window appears in this window’s inbox list without a reload', async () => {
    await streamOpen()
    const list = observeList({ showHidden: false })
    await expect.poll(() => list()).toEqual([])
    await node.post(
      '/v2/add_llm_provider',
      provider('p1', { model: { OpenAI: { model_type: 'model-a' } }, external_url: win.fake.url, api_key: 'k' })
    )
    const created = await node.post('/v2/create_job', createJobBody('p1'))
    const jobId = (created.body as { job_id: string }).job_id
    await expect.poll(() => list()?.map((i) => i.inbox_id)).toEqual([`job_inbox::${jobId}::false`])

    await node.post('/v2/update_smart_inbox_name', { inbox_name: `job_inbox::${jobId}::false`, custom_name: 'Renamed elsewhere' })
    await expect.poll(() => list()?.[0]?.custom_name).toBe('Renamed elsewhere')
  })

  it('a hidden job’s inbox is only in the list with hidden inboxes shown', async () => {
    await streamOpen()
    const visible = observeList({ showHidden: false })
    const withHidden = observeList({ showHidden: true })
    await expect.poll(() => withHidden()).toEqual([])
    await node.post(
      '/v2/add_llm_provider',
      provider('p1', { model: { OpenAI: { model_type: 'model-a' } }, external_url: win.fake.url, api_key: 'k' })
    )
    const shown = ((await node.post('/v2/create_job', createJobBody('p1'))).body as { job_id: string }).job_id
    const hidden = ((await node.post('/v2/create_job', createJobBody('p1', undefined, { is_hidden: true }))).body as { job_id: string })
      .job_id
    const ids = (list: typeof visible) =>
      list()
        ?.map((i) => i.inbox_id)
        .sort()
    await expect.poll(() => ids(withHidden)).toEqual([`job_inbox::${shown}::false`, `job_inbox::${hidden}::false`].sort())
    await expect.poll(() => ids(visible)).toEqual([`job_inbox::${shown}::false`])
  })

  it('an answer streams into the store delta by delta, then the stored answer replaces it', async () => {
    await streamOpen()
    const { jobId, inboxId, messages } = await newJobWithMessages()
    await expect.poll(() => messages.getCurrentResult().data?.pages[0]).toEqual([])

    const seen: string[] = []
    const unsubscribe = useStreaming.subscribe((s) => {
      const text = s.partial[inboxId]?.text
      if (text !== undefined && text !== seen[seen.length - 1]) seen.push(text)
    })
    win.fake.behaviour = { type: 'reply', chunks: ['Bon', 'jour', ' ✓', ' world'], delayMs: 30 }
    const ack = (await node.post('/v2/job_message', { job_id: jobId, content: 'Say hello' })).body as { node_message_hash: string }

    await expect
      .poll(() => messages.getCurrentResult().data?.pages[0]!.map((m) => m.job_message.content), { timeout: 8000 })
      .toEqual(['Say hello', 'Bonjour ✓ world'])
    await expect.poll(() => useStreaming.getState().partial[inboxId]).toBeUndefined()
    unsubscribe()
    // Every delta arrived, in order, for this question; the text only ever grew.
    expect(seen).toEqual(['Bon', 'Bonjour', 'Bonjour ✓', 'Bonjour ✓ world'])
    expect(messages.getCurrentResult().data!.pages[0]![1]!.job_message.parent).toBe(ack.node_message_hash)
    // It was watched as it was written: the stored answer is remembered so, and stays shown whole.
    const stored = messages.getCurrentResult().data!.pages[0]![1]!.node_api_data.node_message_hash
    expect(useStreaming.getState().watched[stored]).toBe(true)
  })

  it('an answer already being written when the window connects (a reload) is marked as begun before, not shown as a whole answer; the next is followed from its start', async () => {
    await streamOpen()
    const { jobId, inboxId, messages } = await newJobWithMessages()
    const partial = () => useStreaming.getState().partial[inboxId]
    win.fake.behaviour = { type: 'reply', chunks: Array.from({ length: 40 }, (_, i) => `part${i} `), delayMs: 40 }
    await node.post('/v2/job_message', { job_id: jobId, content: 'Write slowly' })
    await expect.poll(() => partial()?.text ?? '').toMatch(/^part0 /)
    // Seen from its start on this window's stream.
    expect(partial()!.late).toBeUndefined()

    // The window reloads while the answer goes on: a new store and a new event stream.
    win.reload()
    await expect.poll(() => partial()?.text ?? '', { timeout: 5000 }).not.toBe('')
    expect(partial()!.late).toBe(true)
    expect(partial()!.text).not.toMatch(/^part0 /)

    await expect.poll(() => messages.getCurrentResult().data?.pages[0]?.length, { timeout: 8000 }).toBe(2)
    await expect.poll(() => partial()).toBeUndefined()
    // Not remembered as watched: the operator saw it as an answer in progress, not its text.
    expect(useStreaming.getState().watched).toEqual({})

    // An answer that starts on this stream is followed from its first words.
    win.fake.behaviour = { type: 'reply', chunks: ['Second ', 'answer'], delayMs: 100 }
    await node.post('/v2/job_message', { job_id: jobId, content: 'Again' })
    await expect.poll(() => partial()?.text ?? '').toMatch(/^Second/)
    expect(partial()!.late).toBeUndefined()
  })
})
