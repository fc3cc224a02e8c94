import { expect, it } from 'vitest'
import { isAnswer } from '../../src/shared/message-role'
import { messages, recordEvents, waitForAnswers } from '../support/answers'
import { addProvider, createJob, useFakeLlm, useTestNode } from '../support/node'

/*
 * The operator presses Stop while the disk refuses writes (full, read-only, failing). The stopped
 * answer cannot be stored, so its question stays queued; it used to be asked again from its start
 * after the pause, as if it had never been stopped: a second provider call, and a whole answer in
 * place of the stopped one. The stop holds: no further call is made for it, and the stopped answer
 * (with what had streamed) is stored once the disk takes it.
 */

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 5000, idleMs: 5000 }, localErrorPauseMs: 100 } })
const fake = useFakeLlm()

const BIG = 'x'.repeat(60_000) // needs new pages: it cannot fit in the free space of existing ones
const chats = () => fake.requests.filter((r) => r.method === 'POST').length
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

it('Stop mid-answer on a full disk: no new call for the question, and the stopped answer is stored once space returns', async () => {
  await addProvider(node, 'p1', { external_url: fake.url, api_key: 'k-123456' })
  const jobId = await createJob(node, 'p1')
  const inboxId = `job_inbox::${jobId}::false`
  const events = recordEvents(node)
  fake.behaviour = { type: 'stall', chunks: ['Part. ', BIG] }
  expect((await node.post('/v2/job_message', { job_id: jobId, content: 'Tell me everything' })).status).toBe(200)
  const streamed = () =>
    events
      .filter((e) => e.type === 'message_delta')
      .map((e) => (e.data as { text: string }).text)
      .join('')
  await expect.poll(streamed, { timeout: 5000 }).toBe(`Part. ${BIG}`)

  const db = node.store.db
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`)
  expect(await node.post('/v2/stop_llm', { inbox_name: inboxId })).toMatchObject({ status: 200 })
  await expect.poll(() => node.log.lines.join('\n'), { timeout: 10_000 }).toMatch(/SQLITE_FULL/)
  // Several pauses of 100 ms go by: the question was asked again after the first of them.
  await sleep(800)
  expect(chats()).toBe(1)
  expect((await messages(node, inboxId)).length).toBe(1)
  // Stop pressed again while it waits: what had streamed is still what is kept.
  expect(await node.post('/v2/stop_llm', { inbox_name: inboxId })).toMatchObject({ status: 200 })
  await sleep(200)
  expect((await messages(node, inboxId)).length).toBe(1)

  db.pragma('max_page_count = 1073741823')
  await waitForAnswers(node, inboxId, 1, 5000)
  await sleep(300) // a second answer to the same question would show up now
  const stored = await messages(node, inboxId)
  expect(stored.filter(isAnswer).length).toBe(1)
  expect(stored[1]!.job_message).toMatchObject({ content: `Part. ${BIG}`, stopped: true })
  expect(stored[1]!.job_message.error).toBeUndefined()
  expect(chats()).toBe(1)
  expect(node.store.messages.nextPending(inboxId)).toBeUndefined()
})

it('Stop on questions waiting for a call slot while the disk is read-only: they are never sent, and stored as stopped once it takes writes', async () => {
  await addProvider(node, 'p1', { external_url: fake.url, api_key: 'k-123456' })
  const first = await createJob(node, 'p1')
  const second = await createJob(node, 'p1')
  const inbox = (jobId: string) => `job_inbox::${jobId}::false`
  // Four calls at once per server: the fifth question waits for a slot.
  const busy = [first, await createJob(node, 'p1'), await createJob(node, 'p1'), await createJob(node, 'p1')]
  const events = recordEvents(node)
  fake.behaviour = { type: 'stall', chunks: ['Thinking'] }
  for (const jobId of busy) await node.post('/v2/job_message', { job_id: jobId, content: 'Slowly' })
  await expect.poll(() => fake.concurrency.now, { timeout: 5000 }).toBe(4)
  // The first answer's word has reached the node (on a loaded machine, well after its call opened).
  const streamedTo = (inboxId: string) =>
    events.some((e) => e.type === 'message_delta' && (e.data as { inbox: string; text: string }).inbox === inboxId)
  await expect.poll(() => streamedTo(inbox(first)), { timeout: 10_000 }).toBe(true)
  await node.post('/v2/job_message', { job_id: second, content: 'Waiting for a slot' })

  node.store.db.pragma('query_only = ON')
  try {
    // The waiting question first, then the answering one: neither stop can be stored now.
    expect(await node.post('/v2/stop_llm', { inbox_name: inbox(second) })).toEqual({ status: 200, body: 'Successfully stopped' })
    expect(await node.post('/v2/stop_llm', { inbox_name: inbox(first) })).toEqual({ status: 200, body: 'Successfully stopped' })
    // The freed slot goes to the waiting question, whose stop holds: it is not sent.
    await sleep(800)
    expect(chats()).toBe(4)
  } finally {
    node.store.db.pragma('query_only = OFF')
  }
  const [, stoppedWaiting] = await waitForAnswers(node, inbox(second), 1, 5000)
  const [, stoppedAnswering] = await waitForAnswers(node, inbox(first), 1, 5000)
  expect(stoppedWaiting!.job_message).toMatchObject({ content: '', stopped: true })
  expect(stoppedAnswering!.job_message).toMatchObject({ content: 'Thinking', stopped: true })
  await sleep(300)
  expect(chats()).toBe(4)
  for (const jobId of [first, second]) expect((await messages(node, inbox(jobId))).filter(isAnswer).length).toBe(1)
})
