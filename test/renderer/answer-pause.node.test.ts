// Needs Node (the real node over HTTP on 127.0.0.1): named *.node.test.ts so a Node-typed config covers it.
import { QueryObserver } from '@tanstack/react-query'
import { afterEach, expect, it } from 'vitest'
import { keys, type MessagePages } from '../../src/renderer/src/api/queries'
import { useAnswerPauses } from '../../src/renderer/src/stores/answer-pauses'
import { createJobBody, provider } from '../support/fixtures'
import { useTestNode } from '../support/node'
import { useWindowOverHttp } from './window-over-http'

/*
 * The window's data layer against a real node over HTTP: when the provider answers 429, the node's
 * answer_paused event reaches the window's pause store with the question and the wait, and the
 * pause is gone once the answer has begun and been stored.
 */

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 } } })
const win = useWindowOverHttp(node)
let unobserve = () => {}

afterEach(() => unobserve())

it('a 429 shows as a pause of the waiting question with the wait the provider asked for, gone once the answer is stored', async () => {
  await node.post('/v2/add_llm_provider', provider('p1', { external_url: win.fake.url, api_key: 'k' }))
  const jobId = ((await node.post('/v2/create_job', createJobBody('p1'))).body as { job_id: string }).job_id
  const inboxId = `job_inbox::${jobId}::false`
  const messages = new QueryObserver<MessagePages>(win.qc, {
    queryKey: keys.messages(inboxId),
    queryFn: async () => ({
      pages: [await win.client.call('last_messages', { body: { inbox_name: inboxId, limit: 50 } })],
      pageParams: [null]
    })
  })
  unobserve = messages.subscribe(() => {})
  await expect.poll(() => messages.getCurrentResult().data?.pages[0]).toEqual([])
  // The window's event stream is open once a change made elsewhere shows in it.
  await node.post('/v2/update_smart_inbox_name', { inbox_name: inboxId, custom_name: 'probe' })
  await expect.poll(() => messages.getCurrentResult().dataUpdatedAt > 0 && win.qc.isFetching() === 0).toBe(true)

  win.fake.queue = [{ type: 'status', status: 429, body: { error: { message: 'slow down' } }, headers: { 'Retry-After': '4' } }]
  win.fake.behaviour = { type: 'reply', chunks: ['After', ' the wait'], delayMs: 20 }
  const ack = (await node.post('/v2/job_message', { job_id: jobId, content: 'Hello' })).body as { node_message_hash: string }
  await expect.poll(() => useAnswerPauses.getState().pauses[inboxId], { timeout: 5000 }).toBeDefined()
  const seenAt = Date.now()
  const pause = useAnswerPauses.getState().pauses[inboxId]!
  expect(pause.parent).toBe(ack.node_message_hash)
  expect(pause.reason).toBe('rate_limit')
  // Retry-After: 4, counted from when the window heard of it: a busy machine delays the event, and with
  // 2 s (and a bound of 1 s) a second's delay was all it had; now it has two.
  expect(pause.until - seenAt).toBeGreaterThan(2000)
  expect(pause.until - seenAt).toBeLessThanOrEqual(4000)

  await expect
    .poll(() => messages.getCurrentResult().data?.pages[0]!.map((m) => m.job_message.content), { timeout: 8000 })
    .toEqual(['Hello', 'After the wait'])
  expect(useAnswerPauses.getState().pauses[inboxId]).toBeUndefined()
})
