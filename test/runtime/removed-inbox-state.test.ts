import { expect, it } from 'vitest'
import { waitForAnswers } from '../support/answers'
import { fullScope } from '../support/fixtures'
import { addProvider, createJob, useFakeLlm, useTestNode } from '../support/node'

/*
 * A job removed while its inbox waits out a provider's 429 pause: the runtime kept its 429 count
 * (and its place in the paused server's queue until the pause ended), one entry per removed inbox
 * for as long as the node ran. Nothing the runtime keeps by inbox may outlive the inbox.
 */

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 } } })
const fake = useFakeLlm()

it('a job removed during a 429 pause leaves nothing behind in the runtime, for the refused inbox nor one waiting behind it', async () => {
  await addProvider(node, 'p1', { external_url: fake.url, api_key: 'k-123456' })
  const refused = await createJob(node, 'p1')
  const waiting = await createJob(node, 'p1')
  const kept = await createJob(node, 'p1')
  const inbox = (jobId: string) => `job_inbox::${jobId}::false`
  fake.behaviour = { type: 'status', status: 429, body: { error: { message: 'slow down' } }, headers: { 'Retry-After': '30' } }
  const runtime = node.runtime!
  let paused = 0
  node.ctx.bus.subscribe((e) => void (e.type === 'answer_paused' && paused++))
  await node.post('/v2/job_message', { job_id: refused, content: 'First' })
  await expect.poll(() => paused, { timeout: 5000 }).toBeGreaterThan(0)
  await node.post('/v2/job_message', { job_id: waiting, content: 'Second' })
  await node.post('/v2/job_message', { job_id: kept, content: 'Third' })
  for (const jobId of [refused, waiting, kept]) expect(runtime.holds(inbox(jobId)), jobId).toBe(true)

  expect((await node.post('/v2/remove_job', { job_id: refused })).status).toBe(200)
  expect((await node.post('/v2/remove_job', { job_id: waiting })).status).toBe(200)
  expect(runtime.holds(inbox(refused))).toBe(false)
  expect(runtime.holds(inbox(waiting))).toBe(false)
  // The other inbox still waits for the server.
  expect(runtime.holds(inbox(kept))).toBe(true)
  expect(fake.requests.filter((r) => r.method === 'POST').length).toBe(1)
})

it("a removed job's scope passages, parsed for its answers, go with it", async () => {
  await addProvider(node, 'p1', { external_url: fake.url, api_key: 'k-123456' })
  const jobId = await createJob(node, 'p1', fullScope())
  const inboxId = `job_inbox::${jobId}::false`
  await node.post('/v2/job_message', { job_id: jobId, content: 'What does the handbook say?' })
  await waitForAnswers(node, inboxId, 1)
  await expect.poll(() => node.runtime!.busy(inboxId)).toBe(false)
  // Kept for the job's next answer.
  expect(node.runtime!.holds(inboxId)).toBe(true)
  expect((await node.post('/v2/remove_job', { job_id: jobId })).status).toBe(200)
  expect(node.runtime!.holds(inboxId)).toBe(false)
})
