import { expect, it } from 'vitest'
import { isAnswer } from '../../src/shared/message-role'
import { messages, waitForAnswers } from '../support/answers'
import { startFakeLlm } from '../support/fake-llm'
import { addProvider, createJob, useFakeLlm, useTestNode } from '../support/node'

/*
 * The disk fills while an answer streams (SQLite's max_page_count, which fails writes with
 * SQLITE_FULL as a full disk does). The answer cannot be stored; neither can an error note, and
 * one saying the provider failed would be false. It is this machine's trouble, as an EMFILE is:
 * nothing is stored, the question stays queued, and once space returns it is answered, once.
 */

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 }, localErrorPauseMs: 100 } })
const fake = useFakeLlm()

const BIG = 'x'.repeat(60_000) // needs new pages: it cannot fit in the free space of existing ones

it('a full disk when the answer is written: nothing stored, the question waits, and is answered once space returns', async () => {
  await addProvider(node, 'p1', { external_url: fake.url, api_key: 'k-123456' })
  const jobId = await createJob(node, 'p1')
  const inboxId = `job_inbox::${jobId}::false`
  fake.behaviour = { type: 'reply', chunks: ['First part. ', BIG], delayMs: 150 }
  const called = fake.nextChat()
  expect((await node.post('/v2/job_message', { job_id: jobId, content: 'Tell me everything' })).status).toBe(200)
  await called

  const db = node.store.db
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`)
  await expect.poll(() => fake.requests.filter((r) => r.method === 'POST').length, { timeout: 5000 }).toBeGreaterThanOrEqual(2)
  // While the disk is full: the question alone, nothing stored for it.
  expect((await messages(node, inboxId)).length).toBe(1)

  db.pragma('max_page_count = 1073741823')
  const stored = await waitForAnswers(node, inboxId, 1, 8000)
  // A little longer: a second answer to the same question would show up now.
  await new Promise((r) => setTimeout(r, 500))
  const after = await messages(node, inboxId)
  expect(after.filter(isAnswer).length).toBe(1)
  expect(after.length).toBe(2)
  const answer = stored.find(isAnswer)!
  expect(answer.job_message.error).toBeUndefined()
  expect(answer.job_message.content).toBe(`First part. ${BIG}`)
  expect(node.store.messages.nextPending(inboxId)).toBeUndefined()
  expect(node.log.lines.join('\n')).toMatch(/SQLITE_FULL/)
})

it('while the disk stays full, one provider call at a time is made (each answer the disk refuses cost a call), and every question is answered once space returns', async () => {
  await addProvider(node, 'p1', { external_url: fake.url, api_key: 'k-123456' })
  const jobs = [await createJob(node, 'p1'), await createJob(node, 'p1'), await createJob(node, 'p1')]
  fake.behaviour = { type: 'reply', chunks: ['Part. ', BIG], delayMs: 100 }
  const db = node.store.db
  db.pragma(`max_page_count = ${(db.pragma('page_count', { simple: true }) as number) + 8}`) // room for the questions, not for an answer
  for (const jobId of jobs) expect((await node.post('/v2/job_message', { job_id: jobId, content: 'Everything, please' })).status).toBe(200)
  // The first calls (before any failure) run at once; once they have ended, calls are made one by one.
  await expect.poll(() => node.log.lines.join('\n'), { timeout: 5000 }).toMatch(/could not store the answer/)
  await expect.poll(() => fake.concurrency.now, { timeout: 5000 }).toBe(0)
  const callsBefore = fake.requests.length
  let most = 0
  const sampling = setInterval(() => (most = Math.max(most, fake.concurrency.now)), 5)
  await new Promise((r) => setTimeout(r, 1500))
  clearInterval(sampling)
  expect(fake.requests.length).toBeGreaterThan(callsBefore) // still trying
  expect(most).toBe(1)

  db.pragma('max_page_count = 1073741823')
  for (const jobId of jobs) await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 8000)
  for (const jobId of jobs) expect((await messages(node, `job_inbox::${jobId}::false`)).filter(isAnswer).length).toBe(1)
})

it('after a refused answer, the one-at-a-time calls do not wait for a long answer already streaming from another server', async () => {
  const other = await startFakeLlm()
  try {
    await addProvider(node, 'long', { external_url: other.url, api_key: 'k-123456' })
    await addProvider(node, 'p1', { external_url: fake.url, api_key: 'k-123456' })
    const longJob = await createJob(node, 'long')
    const job = await createJob(node, 'p1')
    // Two words, then keep-alives (they hold off the idle time-out; the no-progress one is 5 minutes)
    // until the test ends it: however slow the machine, it still streams when the retry is looked for.
    let endLongAnswer = () => {}
    const longAnswerEnds = new Promise<void>((r) => (endLongAnswer = r))
    other.behaviour = { type: 'keepalive', chunks: ['w0 ', 'w1 '], everyMs: 200, until: longAnswerEnds }
    fake.behaviour = { type: 'reply', chunks: ['Part. ', BIG] }
    const longCalled = other.nextChat()
    await node.post('/v2/job_message', { job_id: longJob, content: 'Take your time' })
    await longCalled
    const db = node.store.db
    db.pragma(`max_page_count = ${(db.pragma('page_count', { simple: true }) as number) + 8}`)
    await node.post('/v2/job_message', { job_id: job, content: 'Everything, please' })
    await expect.poll(() => node.log.lines.join('\n'), { timeout: 5000 }).toMatch(/could not store the answer/)
    // Asked again after the pause (100 ms), while the long answer still streams.
    await expect.poll(() => fake.requests.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2)
    expect(other.concurrency.now).toBe(1)
    db.pragma('max_page_count = 1073741823')
    await waitForAnswers(node, `job_inbox::${job}::false`, 1, 8000)
    endLongAnswer()
    const [, long] = await waitForAnswers(node, `job_inbox::${longJob}::false`, 1, 8000)
    expect(long!.job_message.content).toBe('w0 w1 ')
  } finally {
    await other.close()
  }
})
