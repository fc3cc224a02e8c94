// Needs Node (the real node over HTTP on 127.0.0.1): named *.node.test.ts so a Node-typed config covers it.
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { connectEvents } from '../../src/renderer/src/api/events'
import { httpTransport } from '../../src/renderer/src/api/transport'
import { useAnswerPauses } from '../../src/renderer/src/stores/answer-pauses'
import { useStreaming } from '../../src/renderer/src/stores/streaming'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { createJobBody, provider } from '../support/fixtures'
import { waitForAnswers } from '../support/answers'
import { useTestNode } from '../support/node'

/*
 * Answers written in inboxes the window does not show still stream their deltas to it. What the
 * window keeps of them must go once each answer is stored: it kept every such answer's whole text
 * for as long as the window was open (a script answering in many inboxes grew it without bound,
 * and each delta copied the map of all of them).
 */

const TOKEN = 'window-token'
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 } } })
let fake: FakeLlm
let server: HttpServer
let qc: QueryClient
let disconnect: () => void

beforeEach(async () => {
  useStreaming.setState({ partial: {} })
  useAnswerPauses.setState({ pauses: {} })
  fake = await startFakeLlm()
  server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
  qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  disconnect = connectEvents(httpTransport(server.url, TOKEN), qc)
})
afterEach(async () => {
  disconnect()
  qc.clear()
  await server.close()
  await fake.close()
})

it('the streamed text of answers in inboxes no view shows is dropped once each is stored', async () => {
  await node.post('/v2/add_llm_provider', provider('p1', { external_url: fake.url, api_key: 'k' }))
  const jobs: string[] = []
  for (let i = 0; i < 3; i++) jobs.push(((await node.post('/v2/create_job', createJobBody('p1'))).body as { job_id: string }).job_id)
  // The window's event stream is open once it has heard a delta.
  fake.behaviour = { type: 'reply', chunks: ['Some ', 'answer ', 'text'], delayMs: 20 }
  for (;;) {
    await node.post('/v2/job_message', { job_id: jobs[0], content: 'Warm-up' })
    await waitForAnswers(node, `job_inbox::${jobs[0]}::false`, 1)
    if (Object.keys(useStreaming.getState().partial).length > 0) break
  }
  for (const job of jobs) await node.post('/v2/job_message', { job_id: job, content: 'Hello' })
  for (const job of jobs) await waitForAnswers(node, `job_inbox::${job}::false`, job === jobs[0] ? 2 : 1)
  await expect.poll(() => useStreaming.getState().partial, { timeout: 3000 }).toEqual({})
})
