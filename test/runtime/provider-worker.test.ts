import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AnswerCallOutcome, AnswerCallRequest } from '../../src/main/runtime/answer-call'
import { sourceProviderWorker, WORKER_LOST, workerCaller, type AnswerCaller } from '../../src/main/runtime/answer-callers'
import { DEFAULT_TIMEOUTS } from '../../src/main/runtime/model-call'
import { messages, waitForAnswers } from '../support/answers'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { addProvider, capturingLogger, createJob, startTestNode, type TestNode } from '../support/node'

const dyingWorker = { file: join(__dirname, '../support/dying-provider-worker.ts'), execArgv: ['--import', 'tsx'] }
let fake: FakeLlm
let dir: string
const closers: (() => Promise<void>)[] = []

beforeEach(async () => {
  fake = await startFakeLlm()
  dir = mkdtempSync(join(tmpdir(), 'nodedesk-worker-'))
  process.env.NODEDESK_TEST_DIE_ONCE = join(dir, 'died')
})
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
  await fake.close()
  delete process.env.NODEDESK_TEST_DIE_ONCE
  rmSync(dir, { recursive: true, force: true })
})

const request = (): AnswerCallRequest => ({
  target: { kind: 'OpenAI', model: 'model-a', baseUrl: `${fake.url}/v1`, apiKey: 'sk-worker-test' },
  options: { prompt: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }] },
  stream: true,
  timeouts: DEFAULT_TIMEOUTS,
  maxTextBytes: 1024,
  wireLimit: 1024 * 1024
})

function caller(entry = sourceProviderWorker()): AnswerCaller {
  const c = workerCaller(entry, capturingLogger())
  closers.push(() => c.close())
  return c
}

describe('the provider worker', () => {
  it('streams the answer from its thread, delta by delta, and ends with the whole text', async () => {
    fake.behaviour = { type: 'reply', chunks: ['Hello', ' from', ' the thread'] }
    const deltas: string[] = []
    const outcome = await caller().call(request(), new AbortController().signal, (t) => deltas.push(t))
    expect(outcome).toEqual({ kind: 'done', text: 'Hello from the thread' })
    expect(deltas).toEqual(['Hello', ' from', ' the thread'])
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-worker-test')
  })

  it('a stop reaches the call in the worker: the text so far comes back and the provider connection closes', async () => {
    fake.behaviour = { type: 'stall', chunks: ['partial'] }
    const controller = new AbortController()
    const first = new Promise<void>((r) => {
      const c = caller()
      void c
        .call(request(), controller.signal, () => {
          controller.abort('stop')
          r()
        })
        .then((o) => outcomes.push(o))
    })
    const outcomes: AnswerCallOutcome[] = []
    await first
    await expect.poll(() => outcomes).toEqual([{ kind: 'aborted', reason: 'stop', text: 'partial' }])
    await expect.poll(() => fake.concurrency.now).toBe(0)
  })

  it('failures cross as data: a 401 is an auth failure, the key is not in its message', async () => {
    fake.behaviour = { type: 'status', status: 401, body: { error: { message: 'bad key sk-worker-test' } } }
    const outcome = await caller().call(request(), new AbortController().signal, () => {})
    expect(outcome.kind).toBe('failed')
    if (outcome.kind !== 'failed') return
    expect(outcome.failure).toMatchObject({ kind: 'auth', status: 401 })
    expect(outcome.failure.message).not.toContain('sk-worker-test')
    expect(outcome.localError).toBeUndefined()
  })

  it('a worker that dies mid-call ends that call as a local error, and the next call starts a new worker', async () => {
    const c = caller(dyingWorker)
    const lost = await c.call(request(), new AbortController().signal, () => {})
    expect(lost).toMatchObject({ kind: 'failed', localError: WORKER_LOST })
    expect(await c.call(request(), new AbortController().signal, () => {})).toEqual({ kind: 'done', text: 'Hello from the fake' })
  })
})

describe('a provider thread that cannot work here (a missing or broken file in a package)', () => {
  it('after it ends twice before finishing any call, calls run on the main thread, and say so in the log', async () => {
    const log = capturingLogger()
    const c = workerCaller({ file: join(dir, 'no-such-provider-worker.js') }, log)
    closers.push(() => c.close())
    const signal = new AbortController().signal
    expect(await c.call(request(), signal, () => {})).toMatchObject({ kind: 'failed', localError: WORKER_LOST })
    expect(await c.call(request(), signal, () => {})).toMatchObject({ kind: 'failed', localError: WORKER_LOST })
    expect(await c.call(request(), signal, () => {})).toEqual({ kind: 'done', text: 'Hello from the fake' })
    expect(log.lines.filter((l) => l.includes('now run on the main thread'))).toHaveLength(1)
  })

  it('a worker that dies once and then answers keeps the calls in the thread', async () => {
    const log = capturingLogger()
    const c = workerCaller(dyingWorker, log)
    closers.push(() => c.close())
    const signal = new AbortController().signal
    expect(await c.call(request(), signal, () => {})).toMatchObject({ kind: 'failed', localError: WORKER_LOST })
    for (let i = 0; i < 3; i++) expect(await c.call(request(), signal, () => {})).toEqual({ kind: 'done', text: 'Hello from the fake' })
    expect(log.lines.some((l) => l.includes('now run on the main thread'))).toBe(false)
  })
})

describe('a provider thread stuck in a loop', () => {
  it('does not keep the node from closing: the thread is ended, and the question stays queued for the next start', async () => {
    const stuck = { file: join(__dirname, '../support/stuck-provider-worker.ts'), execArgv: ['--import', 'tsx'] }
    const heartbeat = join(tmpdir(), `nodedesk-stuck-${process.pid}-${Date.now()}`)
    process.env.STUCK_WORKER_HEARTBEAT = heartbeat // the thread takes the environment as it starts (at the first call)
    const n = startTestNode(undefined, { runtime: { providerWorker: stuck } })
    const beats = () => Number(readFileSync(heartbeat, 'utf8'))
    await addProvider(n, 'p1', { external_url: fake.url, api_key: 'k' })
    const jobId = await createJob(n, 'p1')
    expect((await n.post('/v2/job_message', { job_id: jobId, content: 'anyone?' })).status).toBe(200)
    // The call has reached the thread, which is stuck in it (and beats).
    await expect.poll(() => (existsSync(heartbeat) ? beats() : 0), { timeout: 10_000 }).toBeGreaterThan(2)
    delete process.env.STUCK_WORKER_HEARTBEAT
    const t0 = Date.now()
    await n.close()
    // A hang guard: closing waits 3 s for answers under way (3.0 s here), then ends the thread; closing
    // that waits for the stuck call never returns. 5 s left a loaded machine 2 s for the rest of closing.
    expect(Date.now() - t0).toBeLessThan(10_000)
    // Ended, not left spinning: no beat in a second (it beats every 50 ms while it runs).
    const last = beats()
    await new Promise((r) => setTimeout(r, 1000))
    expect(beats()).toBe(last)
    rmSync(heartbeat, { force: true })
    const again = startTestNode(n.dir)
    try {
      expect(again.store.messages.nextPending(`job_inbox::${jobId}::false`)).toBeDefined()
    } finally {
      await again.close()
    }
  })
})

describe('answers through a worker that dies', () => {
  let node: TestNode
  afterEach(async () => {
    await node?.close()
  })

  it('the question stays queued, nothing is stored for the lost call, and it is answered once the pause is over', async () => {
    node = startTestNode(undefined, { runtime: { providerWorker: dyingWorker, localErrorPauseMs: 200 } })
    await addProvider(node, 'p1', { external_url: fake.url, api_key: 'k' })
    const jobId = await createJob(node, 'p1')
    const inboxId = `job_inbox::${jobId}::false`
    expect((await node.post('/v2/job_message', { job_id: jobId, content: 'still there?' })).status).toBe(200)
    const all = await waitForAnswers(node, inboxId, 1, 10_000)
    expect(all.map((m) => m.job_message.content)).toEqual(['still there?', 'Hello from the fake'])
    expect(fake.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(1)
    expect(node.log.lines.some((l) => l.includes(WORKER_LOST))).toBe(true)
    expect(await messages(node, inboxId)).toHaveLength(2)
  })
})

describe('the provider thread warmed up at start', () => {
  let node: TestNode | undefined
  afterEach(async () => {
    await node?.close()
    node = undefined
  })
  const readyLines = () => node!.log.lines.filter((l) => l.includes('provider thread ready'))

  it('loads the SDKs of the stored providers’ protocols, each once, before any question; the first question is then answered', async () => {
    node = startTestNode(undefined, { runtime: { warmUpAfterMs: 100 } })
    await addProvider(node, 'p1', { external_url: fake.url, api_key: 'k' })
    await addProvider(node, 'p2', { external_url: fake.url, api_key: 'k' })
    await addProvider(node, 'claude', { model: { Claude: { model_type: 'claude-x' } }, external_url: fake.url, api_key: 'k' })
    await expect.poll(readyLines, { timeout: 15_000 }).toHaveLength(1)
    expect(readyLines()[0]).toMatch(/ready for (openai, anthropic|anthropic, openai) \(/)
    expect(fake.requests).toHaveLength(0)
    const jobId = await createJob(node, 'p1')
    expect((await node.post('/v2/job_message', { job_id: jobId, content: 'warm?' })).status).toBe(200)
    const all = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 10_000)
    expect(all.at(-1)!.job_message.content).toBe('Hello from the fake')
  })

  it('starts no thread when no provider is stored', async () => {
    node = startTestNode(undefined, { runtime: { warmUpAfterMs: 0 } })
    await new Promise((r) => setTimeout(r, 500))
    expect(node.log.lines.filter((l) => l.includes('provider thread'))).toEqual([])
  })

  it('does not hold up closing: a node closed while its thread loads the SDKs closes at once', async () => {
    const dir2 = mkdtempSync(join(tmpdir(), 'nodedesk-warm-'))
    const first = startTestNode(dir2)
    await addProvider(first, 'p1', { external_url: fake.url, api_key: 'k' })
    await first.close()
    node = startTestNode(dir2, { runtime: { warmUpAfterMs: 0 } })
    await new Promise((r) => setTimeout(r, 20))
    const started = performance.now()
    await node.close()
    node = undefined
    expect(performance.now() - started).toBeLessThan(2000)
    rmSync(dir2, { recursive: true, force: true })
  })
})
