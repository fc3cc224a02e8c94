import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { postJson } from '../support/http-post'
import { provider } from '../support/fixtures'
import { useTestNode, useFakeLlm } from '../support/node'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { waitForAnswers, type Msg } from '../support/answers'

/*
 * A server answering 429 pauses the node's calls to it (up to a minute). An operator who, meanwhile,
 * moves the job to another provider, or points the provider at another server, is answered by the
 * new server at once: the question does not sit out the old server's pause. Over the real HTTP API.
 */

const TOKEN = 'tok'
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 } } })
const limited = useFakeLlm()
let other: FakeLlm
let server: HttpServer

beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
  other = await startFakeLlm()
  other.behaviour = { type: 'reply', chunks: ['From the other server'] }
  // The pause asked for is far longer than the test waits.
  limited.behaviour = { type: 'status', status: 429, body: { error: { message: 'slow down' } }, headers: { 'Retry-After': '30' } }
})
afterEach(async () => {
  await server.close()
  await other.close()
})

const post = (path: string, body: unknown) => postJson(server.url, TOKEN, path, body)
const chats = (fake: FakeLlm) => fake.requests.filter((r) => r.method === 'POST')

/** A job on provider `limited-p`, whose question the limited server refused with a 30 s pause. */
async function pausedQuestion() {
  expect((await post('/v2/add_llm_provider', provider('limited-p', { external_url: limited.url, api_key: 'k-123456' }))).status).toBe(200)
  const created = await post('/v2/create_job', {
    llm_provider: 'limited-p',
    job_creation_info: { scope: { vector_fs_items: [], vector_fs_folders: [], local_vrkai: [], local_vrpack: [], network_folders: [] } }
  })
  const jobId = (created.body as { job_id: string }).job_id
  expect((await post('/v2/job_message', { job_id: jobId, content: 'Hello' })).status).toBe(200)
  await expect.poll(() => chats(limited).length, { timeout: 5000 }).toBe(1)
  // The refusal has been taken in: the inbox now waits out the server's pause.
  await new Promise((r) => setTimeout(r, 300))
  return { jobId, inboxId: `job_inbox::${jobId}::false` }
}

it('a question paused by a 429 is answered at once by the provider its job is moved to', async () => {
  const { jobId, inboxId } = await pausedQuestion()
  expect((await post('/v2/add_llm_provider', provider('other-p', { external_url: other.url, api_key: 'k-654321' }))).status).toBe(200)
  expect(await post('/v2/change_job_llm_provider', { job_id: jobId, new_agent_id: 'other-p' })).toEqual({
    status: 200,
    body: 'Successfully changed job LLM provider'
  })
  const [, answer] = await waitForAnswers(node, inboxId, 1, 5000)
  expect((answer as Msg).job_message.content).toBe('From the other server')
  expect(chats(limited)).toHaveLength(1)
})

it('a question paused by a 429 is answered at once when its provider is pointed at another server', async () => {
  const { inboxId } = await pausedQuestion()
  const moved = provider('limited-p', { external_url: other.url, api_key: 'k-654321' })
  expect(await post('/v2/modify_llm_provider', moved)).toEqual({ status: 200, body: 'Successfully modified LLM provider' })
  const [, answer] = await waitForAnswers(node, inboxId, 1, 5000)
  expect((answer as Msg).job_message.content).toBe('From the other server')
  expect(chats(limited)).toHaveLength(1)
})

it('a question paused by a 429 still waits when its provider is edited but stays on the same server', async () => {
  const { inboxId } = await pausedQuestion()
  const renamed = provider('limited-p', { external_url: limited.url, api_key: 'k-123456', name: 'Renamed' })
  expect((await post('/v2/modify_llm_provider', renamed)).status).toBe(200)
  await new Promise((r) => setTimeout(r, 1500))
  expect(chats(limited)).toHaveLength(1)
  expect((await post('/v2/last_messages', { inbox_name: inboxId })).body).toHaveLength(1)
})

it('a call refused with a 429 after its job moved to another provider leaves the question to the new provider', async () => {
  // A server that answers 429 only once told to: the job is moved while the call is under way.
  let refuse = () => {}
  let calls = 0
  const slow = createServer((req, res) => {
    calls++
    req.resume()
    refuse = () => res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '30' }).end('{"error":{"message":"slow down"}}')
  })
  await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r))
  try {
    const slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/v1`
    expect((await post('/v2/add_llm_provider', provider('slow-p', { external_url: slowUrl, api_key: 'k-123456' }))).status).toBe(200)
    expect((await post('/v2/add_llm_provider', provider('other-p', { external_url: other.url, api_key: 'k-654321' }))).status).toBe(200)
    const created = await post('/v2/create_job', {
      llm_provider: 'slow-p',
      job_creation_info: { scope: { vector_fs_items: [], vector_fs_folders: [], local_vrkai: [], local_vrpack: [], network_folders: [] } }
    })
    const jobId = (created.body as { job_id: string }).job_id
    const inboxId = `job_inbox::${jobId}::false`
    await post('/v2/job_message', { job_id: jobId, content: 'Hello' })
    await expect.poll(() => calls, { timeout: 5000 }).toBe(1)
    expect((await post('/v2/change_job_llm_provider', { job_id: jobId, new_agent_id: 'other-p' })).status).toBe(200)
    refuse()
    const [, answer] = await waitForAnswers(node, inboxId, 1, 5000)
    expect((answer as Msg).job_message.content).toBe('From the other server')
    expect(calls).toBe(1)
  } finally {
    slow.closeAllConnections()
    await new Promise((r) => slow.close(r))
  }
})

it("an inbox whose job moved while its answer streamed asks its next question of the new server, not after the old server's pause", async () => {
  // The limited server streams the first inbox's answer (held open), then refuses another inbox with a 30 s pause.
  let finish = () => {}
  limited.queue = [
    { type: 'keepalive', chunks: ['Begun'], everyMs: 100, until: new Promise<void>((r) => (finish = r)) },
    { type: 'status', status: 429, body: { error: { message: 'slow down' } }, headers: { 'Retry-After': '30' } }
  ]
  expect((await post('/v2/add_llm_provider', provider('limited-p', { external_url: limited.url, api_key: 'k-123456' }))).status).toBe(200)
  expect((await post('/v2/add_llm_provider', provider('other-p', { external_url: other.url, api_key: 'k-654321' }))).status).toBe(200)
  const newJob = async () => {
    const created = await post('/v2/create_job', {
      llm_provider: 'limited-p',
      job_creation_info: { scope: { vector_fs_items: [], vector_fs_folders: [], local_vrkai: [], local_vrpack: [], network_folders: [] } }
    })
    return (created.body as { job_id: string }).job_id
  }
  const moving = await newJob()
  const inboxId = `job_inbox::${moving}::false`
  expect((await post('/v2/job_message', { job_id: moving, content: 'First question' })).status).toBe(200)
  await expect.poll(() => chats(limited).length, { timeout: 5000 }).toBe(1)
  const refused = await newJob()
  expect((await post('/v2/job_message', { job_id: refused, content: 'Hello' })).status).toBe(200)
  await expect.poll(() => chats(limited).length, { timeout: 5000 }).toBe(2)
  // The refusal has been taken in: the limited server's calls now pause for 30 s.
  await new Promise((r) => setTimeout(r, 300))
  // The answer under way has begun: moving the job leaves it to finish on the limited server.
  expect((await post('/v2/change_job_llm_provider', { job_id: moving, new_agent_id: 'other-p' })).status).toBe(200)
  expect((await post('/v2/job_message', { job_id: moving, content: 'Second question' })).status).toBe(200)
  finish()
  const answers = await waitForAnswers(node, inboxId, 2, 5000)
  expect(answers.map((m) => m.job_message.content)).toEqual(['First question', 'Second question', 'Begun', 'From the other server'])
  expect(chats(limited)).toHaveLength(2)
})
