// Needs Node (the real node over HTTP on 127.0.0.1): named *.node.test.ts so a Node-typed config covers it.
import { expect, it } from 'vitest'
import { useStreaming } from '../../src/renderer/src/stores/streaming'
import { createJobBody, provider } from '../support/fixtures'
import { waitForAnswers } from '../support/answers'
import { useTestNode } from '../support/node'
import { useWindowOverHttp } from './window-over-http'

/*
 * Answers written in inboxes the window does not show still stream their deltas to it. What the
 * window keeps of them must go once each answer is stored: it kept every such answer's whole text
 * for as long as the window was open (a script answering in many inboxes grew it without bound,
 * and each delta copied the map of all of them).
 */

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 } } })
const win = useWindowOverHttp(node)

it('the streamed text of answers in inboxes no view shows is dropped once each is stored', async () => {
  await node.post('/v2/add_llm_provider', provider('p1', { external_url: win.fake.url, api_key: 'k' }))
  const jobs: string[] = []
  for (let i = 0; i < 3; i++) jobs.push(((await node.post('/v2/create_job', createJobBody('p1'))).body as { job_id: string }).job_id)
  // The window's event stream is open once it has heard a delta.
  win.fake.behaviour = { type: 'reply', chunks: ['Some ', 'answer ', 'text'], delayMs: 20 }
  for (;;) {
    await node.post('/v2/job_message', { job_id: jobs[0], content: 'Warm-up' })
    await waitForAnswers(node, `job_inbox::${jobs[0]}::false`, 1)
    if (Object.keys(useStreaming.getState().partial).length > 0) break
  }
  for (const job of jobs) await node.post('/v2/job_message', { job_id: job, content: 'Hello' })
  for (const job of jobs) await waitForAnswers(node, `job_inbox::${job}::false`, job === jobs[0] ? 2 : 1)
  await expect.poll(() => useStreaming.getState().partial, { timeout: 10_000 }).toEqual({})
})
