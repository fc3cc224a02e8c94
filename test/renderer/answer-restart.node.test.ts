// Needs Node (the real node over HTTP on 127.0.0.1): named *.node.test.ts so a Node-typed config covers it.
import { expect, it } from 'vitest'
import { followsAnswers, useStreaming } from '../../src/renderer/src/stores/streaming'
import { useAnswerPauses } from '../../src/renderer/src/stores/answer-pauses'
import { createJobBody, provider } from '../support/fixtures'
import { useTestNode } from '../support/node'
import { useWindowOverHttp } from './window-over-http'

/*
 * An answer the node asks for again after this machine failed it (here the disk fills while it
 * streams, so it cannot be stored) streams again from its first words. The window drops the text
 * of the failed attempt when it hears of the pause, instead of adding the next attempt's text after
 * it: the answer shown twice, and once more with each retry for as long as the disk stays full.
 */

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 }, localErrorPauseMs: 100 } })
const win = useWindowOverHttp(node)

const ANSWER = ['First part. ', 'x'.repeat(60_000)] // needs new pages: it cannot fit in the free space of existing ones

it('an answer asked again after a full disk is shown from its start, not after the text of the failed attempt', async () => {
  await node.post('/v2/add_llm_provider', provider('p1', { external_url: win.fake.url, api_key: 'k' }))
  const jobId = ((await node.post('/v2/create_job', createJobBody('p1'))).body as { job_id: string }).job_id
  const inboxId = `job_inbox::${jobId}::false`
  // The window's event stream is open once a change made elsewhere shows in it.
  await expect
    .poll(
      async () => {
        await node.post('/v2/update_smart_inbox_name', { inbox_name: inboxId, custom_name: 'probe' })
        return followsAnswers(inboxId)
      },
      { timeout: 5000 }
    )
    .toBe(true)

  let longest = 0
  const stopStreaming = useStreaming.subscribe((s) => {
    longest = Math.max(longest, s.partial[inboxId]?.text.length ?? 0)
  })
  const reasons = new Set<string>()
  const stopPauses = useAnswerPauses.subscribe((s) => {
    const reason = s.pauses[inboxId]?.reason
    if (reason) reasons.add(reason)
  })
  try {
    win.fake.behaviour = { type: 'reply', chunks: ANSWER, delayMs: 150 }
    const called = win.fake.nextChat()
    expect((await node.post('/v2/job_message', { job_id: jobId, content: 'Tell me everything' })).status).toBe(200)
    await called
    const db = node.store.db
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`)
    // The first attempt could not be stored, nor the second: a third call is under way.
    await expect.poll(() => win.fake.requests.filter((r) => r.method === 'POST').length, { timeout: 8000 }).toBeGreaterThanOrEqual(3)
    await expect.poll(() => useStreaming.getState().partial[inboxId]?.text.length ?? 0, { timeout: 5000 }).toBeGreaterThan(0)
    expect(longest).toBeGreaterThan(0)
    expect(longest).toBeLessThanOrEqual(ANSWER.join('').length)
    db.pragma('max_page_count = 1073741823')
    await expect.poll(() => useStreaming.getState().partial[inboxId], { timeout: 8000 }).toBeUndefined()
    expect(longest).toBeLessThanOrEqual(ANSWER.join('').length)
    // Meanwhile the window said why the answer waited.
    expect([...reasons]).toEqual(['local_error'])
  } finally {
    stopStreaming()
    stopPauses()
    node.store.db.pragma('max_page_count = 1073741823')
  }
})
