import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isAnswer } from '../../src/shared/message-role'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { addProvider, createJob, startTestNode, tempDir, type TestNode, type TestNodeOptions } from '../support/node'
import { messages, recordEvents, waitForAnswers } from '../support/answers'

/*
 * Issue 10, item 10: provider calls are capped per server and shared fairly between inboxes, a
 * 429 pauses its server for the time it asks, and a shortage on this machine is never stored as
 * the provider's failure. Real SQLite, real HTTP to loopback fakes counting concurrent requests.
 */

let fakes: FakeLlm[] = []
let nodes: { node: TestNode; cleanup: () => void }[] = []

async function fake(): Promise<FakeLlm> {
  const f = await startFakeLlm()
  fakes.push(f)
  return f
}
function node(runtime: TestNodeOptions['runtime'] = {}): TestNode {
  const t = tempDir()
  const n = startTestNode(t.dir, { runtime: { timeouts: { firstChunkMs: 5000, idleMs: 5000 }, ...runtime } })
  nodes.push({ node: n, cleanup: t.cleanup })
  return n
}
beforeEach(() => {
  fakes = []
  nodes = []
})
afterEach(async () => {
  for (const { node, cleanup } of nodes) {
    await node.close()
    cleanup()
  }
  for (const f of fakes) await f.close()
})

const inboxOf = (jobId: string) => `job_inbox::${jobId}::false`
const ask = (n: TestNode, jobId: string, content: string) => n.post('/v2/job_message', { job_id: jobId, content })
const chats = (f: FakeLlm) => f.requests.filter((r) => r.method === 'POST')
const answersIn = async (n: TestNode, jobId: string) => (await messages(n, inboxOf(jobId))).filter(isAnswer)

describe('bounded concurrency', () => {
  it('never calls one server more than 4 at once, however many of its providers and inboxes wait; a server set lower keeps its own cap', async () => {
    const a = await fake()
    const b = await fake()
    a.behaviour = b.behaviour = { type: 'reply', chunks: ['slow', ' answer'], delayMs: 40 }
    const n = node({ concurrency: { servers: { [`${b.url}/v1`]: 1 } } })
    // Three providers that are models of server a: one server, one cap.
    for (const id of ['a1', 'a2', 'a3'])
      await addProvider(n, id, { model: { OpenAI: { model_type: id } }, external_url: a.url, api_key: 'k' })
    await addProvider(n, 'b1', { external_url: b.url, api_key: 'k' })
    const onA = await Promise.all(Array.from({ length: 9 }, (_, i) => createJob(n, `a${(i % 3) + 1}`)))
    const onB = await Promise.all(Array.from({ length: 3 }, () => createJob(n, 'b1')))
    for (const j of [...onA, ...onB]) {
      await ask(n, j, 'first')
      await ask(n, j, 'second')
    }
    for (const j of [...onA, ...onB]) await waitForAnswers(n, inboxOf(j), 2, 20_000)
    expect(chats(a).length).toBe(18)
    expect(a.concurrency.max).toBe(4)
    expect(chats(b).length).toBe(6)
    expect(b.concurrency.max).toBe(1)
    // Each inbox still answers its questions in order.
    for (const j of onA) {
      const ms = await messages(n, inboxOf(j))
      const questions = ms.filter((m) => !isAnswer(m))
      expect(questions.map((m) => m.job_message.content)).toEqual(['first', 'second'])
      expect(ms.filter(isAnswer).map((m) => m.job_message.parent)).toEqual(questions.map((m) => m.node_api_data.node_message_hash))
    }
  })

  it('is fair: an inbox with one question is answered among the first few, not after another inbox’s 50', async () => {
    const a = await fake()
    // The first answer stalls until every question is queued behind it, then is stopped.
    a.queue = [{ type: 'stall', chunks: ['half'] }]
    a.behaviour = { type: 'reply', chunks: ['ok'], delayMs: 5 }
    const n = node({ concurrency: { perServer: 1 } })
    await addProvider(n, 'p', { external_url: a.url, api_key: 'k' })
    const busy = await createJob(n, 'p')
    const quiet = await createJob(n, 'p')
    const started = a.nextChat()
    await ask(n, busy, 'q0')
    await started
    for (let i = 1; i < 50; i++) await ask(n, busy, `q${i}`)
    await ask(n, quiet, 'just one')
    expect(chats(a)).toHaveLength(1)
    expect(await n.post('/v2/stop_llm', { inbox_name: inboxOf(busy) })).toEqual({ status: 200, body: 'Successfully stopped' })
    await waitForAnswers(n, inboxOf(busy), 50, 30_000)
    await waitForAnswers(n, inboxOf(quiet), 1)
    // The order the provider saw the questions in: the last user message of each request.
    const order = chats(a).map((r) => {
      const msgs = r.body!.messages as { role: string; content: string }[]
      return msgs.filter((m) => m.role === 'user').at(-1)!.content
    })
    expect(order.indexOf('just one')).toBe(1)
    expect(order.filter((q) => q !== 'just one')).toEqual(Array.from({ length: 50 }, (_, i) => `q${i}`))
  })
})

describe('429 back-off', () => {
  it('waits the Retry-After the server sends, pausing only that server, then stores the real answer', async () => {
    const limited = await fake()
    const other = await fake()
    // 5 s: long enough that the other server's answer comes within the pause even on a loaded machine.
    limited.queue = [{ type: 'status', status: 429, body: { error: { message: 'slow down' } }, headers: { 'Retry-After': '5' } }]
    limited.behaviour = other.behaviour = { type: 'reply', chunks: ['real answer'] }
    const n = node()
    await addProvider(n, 'lim', { external_url: limited.url, api_key: 'k' })
    await addProvider(n, 'oth', { external_url: other.url, api_key: 'k' })
    const first = await createJob(n, 'lim')
    const second = await createJob(n, 'lim')
    const elsewhere = await createJob(n, 'oth')

    const refused = limited.nextChat()
    await ask(n, first, 'hello')
    await refused
    const refusedAt = Date.now()
    // The pause starts once the node has read the 429 (in the provider thread, so a moment after the server sent it).
    while (!n.log.lines.some((l) => /429/.test(l))) await new Promise((r) => setTimeout(r, 5))
    // While that server backs off, another inbox for it waits too; another server answers at once.
    await ask(n, second, 'me too')
    await ask(n, elsewhere, 'and me')
    await waitForAnswers(n, inboxOf(elsewhere), 1)
    // Answered within the pause: the paused server has still had only its one call.
    expect(Date.now() - refusedAt).toBeLessThan(5000)
    expect(chats(limited).length).toBe(1)

    // Not before the time the server asked for; how long after it depends on the machine's load
    // (a node that waited far longer than asked would not answer within this wait).
    await waitForAnswers(n, inboxOf(first), 1, 15_000)
    expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(4900)
    const ms = await answersIn(n, first)
    expect(ms.map((m) => [m.job_message.content, m.job_message.error ?? null])).toEqual([['real answer', null]])
    expect((await waitForAnswers(n, inboxOf(second), 1)).at(-1)!.job_message.content).toBe('real answer')
    expect(chats(limited).length).toBe(3)
    expect(n.log.lines.filter((l) => /429/.test(l))).toHaveLength(1)
  })

  it('with one call at a time, an inbox already waiting is not called while the server backs off from a 429', async () => {
    const limited = await fake()
    limited.behaviour = { type: 'reply', chunks: ['real answer'] }
    // 5 s: the look during the pause below ends well within it even on a loaded machine.
    limited.queue = [{ type: 'status', status: 429, body: { error: { message: 'slow down' } }, headers: { 'Retry-After': '5' } }]
    const n = node({ concurrency: { perServer: 1 } })
    await addProvider(n, 'lim', { external_url: limited.url, api_key: 'k' })
    const first = await createJob(n, 'lim')
    const second = await createJob(n, 'lim')
    await ask(n, first, 'hello')
    await ask(n, second, 'me too') // waiting for the one slot when the first call gets its 429
    await vi.waitFor(() => expect(chats(limited).length).toBe(1), { timeout: 5000 })
    const refusedAt = Date.now()
    await new Promise((r) => setTimeout(r, 1000))
    expect(chats(limited).length).toBe(1) // the slot freed with the 429, but the pause holds both
    await waitForAnswers(n, inboxOf(first), 1, 15_000)
    await waitForAnswers(n, inboxOf(second), 1)
    expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(4900)
    expect(limited.concurrency.max).toBe(1)
    for (const job of [first, second]) expect((await answersIn(n, job)).map((m) => m.job_message.content)).toEqual(['real answer'])
  })

  it('after its retries, a question still refused gets the rate-limit note', async () => {
    const limited = await fake()
    limited.behaviour = { type: 'status', status: 429, body: { error: { message: 'quota' } }, headers: { 'retry-after-ms': '50' } }
    const n = node({ rateLimitRetries: 2 })
    await addProvider(n, 'lim', { external_url: limited.url, api_key: 'k' })
    const job = await createJob(n, 'lim')
    await ask(n, job, 'hello')
    const [, note] = await waitForAnswers(n, inboxOf(job), 1)
    expect(note!.job_message.error).toEqual({ kind: 'rate_limit', status: 429 })
    expect(note!.job_message.content).toMatch(/is limiting requests \(HTTP 429: "quota"\)/)
    expect(chats(limited).length).toBe(3) // the first call and 2 retries
    expect(n.store.messages.pendingInboxes()).toEqual([])
  })
})

describe('local resource errors', () => {
  it('an EMFILE from our side stores no note: the question stays queued, one log line, and it is answered once calls work again', async () => {
    const a = await fake()
    a.behaviour = { type: 'reply', chunks: ['answered after all'] }
    let failures = 1
    const emfileOnce: typeof fetch = (input, init) => {
      if (failures-- > 0) {
        return Promise.reject(
          new TypeError('fetch failed', { cause: Object.assign(new Error('connect EMFILE 127.0.0.1'), { code: 'EMFILE', errno: -24 }) })
        )
      }
      return fetch(input, init)
    }
    const n = node({ fetch: emfileOnce, localErrorPauseMs: 1000 })
    await addProvider(n, 'p', { external_url: a.url, api_key: 'k' })
    const job = await createJob(n, 'p')
    await ask(n, job, 'hello')
    await vi.waitFor(() => expect(n.log.lines.some((l) => l.includes('EMFILE'))).toBe(true), { interval: 10, timeout: 5000 })
    // During the pause: still queued, nothing stored, the provider never called.
    expect(n.store.messages.pendingInboxes()).toEqual([inboxOf(job)])
    expect(await answersIn(n, job)).toEqual([])
    expect(chats(a)).toHaveLength(0)
    await waitForAnswers(n, inboxOf(job), 1)
    const ms = await answersIn(n, job)
    expect(ms.map((m) => [m.job_message.content, m.job_message.error ?? null])).toEqual([['answered after all', null]])
    expect(n.log.lines.filter((l) => l.includes('EMFILE'))).toHaveLength(1)
    expect(n.log.lines.join('\n')).not.toMatch(/Could not reach/)
  })
})

describe('Stop before the answer has started', () => {
  const stoppedEmpty = (ms: Awaited<ReturnType<typeof answersIn>>) => ms.map((m) => [m.job_message.content, m.job_message.stopped ?? null])

  it('while its server backs off from a 429, Stop ends the wait: no call is made and the question is marked stopped', async () => {
    const limited = await fake()
    limited.queue = [{ type: 'status', status: 429, body: { error: { message: 'slow down' } }, headers: { 'Retry-After': '2' } }]
    limited.behaviour = { type: 'reply', chunks: ['answered anyway'] }
    const n = node()
    await addProvider(n, 'lim', { external_url: limited.url, api_key: 'k' })
    const job = await createJob(n, 'lim')
    const refused = limited.nextChat()
    await ask(n, job, 'hello')
    await refused
    while (!n.log.lines.some((l) => /429/.test(l))) await new Promise((r) => setTimeout(r, 5))
    expect(await n.post('/v2/stop_llm', { inbox_name: inboxOf(job) })).toEqual({ status: 200, body: 'Successfully stopped' })
    await waitForAnswers(n, inboxOf(job), 1)
    await new Promise((r) => setTimeout(r, 2500)) // past the pause: the question must not be asked again
    expect(stoppedEmpty(await answersIn(n, job))).toEqual([['', true]])
    expect(chats(limited)).toHaveLength(1)
    // The inbox keeps working.
    await ask(n, job, 'again')
    await waitForAnswers(n, inboxOf(job), 2)
    expect(stoppedEmpty(await answersIn(n, job))).toEqual([
      ['', true],
      ['answered anyway', null]
    ])
  })

  it('while it waits for a free call slot behind another inbox, Stop takes it out of the queue', async () => {
    const a = await fake()
    a.queue = [{ type: 'stall', chunks: ['busy'] }]
    a.behaviour = { type: 'reply', chunks: ['ok'] }
    const n = node({ concurrency: { perServer: 1 } })
    await addProvider(n, 'p', { external_url: a.url, api_key: 'k' })
    const busy = await createJob(n, 'p')
    const queued = await createJob(n, 'p')
    const events = recordEvents(n)
    await ask(n, busy, 'long one')
    // Its first words have reached the node (not only its request the server): they are what its stop keeps.
    await vi.waitFor(() => expect(events.some((e) => e.type === 'message_delta')).toBe(true), { timeout: 5000 })
    await ask(n, queued, 'waiting')
    expect(await n.post('/v2/stop_llm', { inbox_name: inboxOf(queued) })).toEqual({ status: 200, body: 'Successfully stopped' })
    await waitForAnswers(n, inboxOf(queued), 1)
    await n.post('/v2/stop_llm', { inbox_name: inboxOf(busy) })
    await waitForAnswers(n, inboxOf(busy), 1)
    await new Promise((r) => setTimeout(r, 300))
    expect(stoppedEmpty(await answersIn(n, queued))).toEqual([['', true]])
    expect(stoppedEmpty(await answersIn(n, busy))).toEqual([['busy', true]])
    expect(chats(a)).toHaveLength(1)
  })
})
