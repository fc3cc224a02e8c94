import { afterEach, expect, it } from 'vitest'
import type { NodeEvent } from '../../src/shared/contract/events'
import { seedBacklog } from '../support/answer-backlog'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { startTestNode, tempDir, type TestNode } from '../support/node'

/*
 * A server answering 429 pauses its calls, and the inboxes waiting for it are told (answer_paused).
 * With a large backlog that was an event for every waiting inbox at every pause: 50,000 queued
 * questions and Retry-After 3 s made 150,000 events in 8 s (about 10 MB of event stream per
 * window each pause, past the stream's 8 MiB backlog) and blocked the node for 0.7 s each time.
 * The events told at a pause's start are bounded; the questions asked last are among them.
 */

const WAITING = 5_000
let fake: FakeLlm | undefined
let node: TestNode | undefined
let cleanup = () => {}
afterEach(async () => {
  await node?.close()
  await fake?.close()
  cleanup()
})

it('a 429 with thousands of inboxes waiting tells a bounded number of them, the last asked among them', { timeout: 60_000 }, async () => {
  fake = await startFakeLlm()
  // The first question is answered slowly (every inbox is back in the queue by then), then the server says 429.
  fake.queue = [{ type: 'reply', chunks: ['One', ' answer'], delayMs: 500 }]
  fake.behaviour = { type: 'status', status: 429, body: { error: { message: 'slow down' } }, headers: { 'Retry-After': '30' } }
  const t = tempDir()
  cleanup = t.cleanup
  const inboxes = await seedBacklog(t.dir, `${fake.url}/v1`, WAITING, 1)
  node = startTestNode(t.dir, { runtime: { providerWorker: 'in-process', concurrency: { perServer: 1 } } })
  const paused: Extract<NodeEvent, { type: 'answer_paused' }>['data'][] = []
  node.ctx.bus.subscribe((e) => e.type === 'answer_paused' && paused.push(e.data))
  await expect.poll(() => paused.length, { timeout: 10_000 }).toBeGreaterThan(0)
  await new Promise((r) => setTimeout(r, 300))
  // One question answered, the next refused; the server's calls now wait 30 s.
  expect(fake.requests.filter((r) => r.method === 'POST').length).toBe(2)
  expect(paused.length).toBeGreaterThan(100)
  expect(paused.length).toBeLessThanOrEqual(1_001)
  expect(new Set(paused.map((p) => p.inbox)).size).toBe(paused.length)
  // Resumed in id order, so the waiting order is the sorted ids: the last of them were queued last.
  const told = new Set(paused.map((p) => p.inbox))
  for (const id of [...inboxes].sort().slice(-100)) expect(told.has(id), id).toBe(true)
  for (const p of paused) expect(p).toMatchObject({ reason: 'rate_limit', wait_ms: expect.any(Number) })
})
