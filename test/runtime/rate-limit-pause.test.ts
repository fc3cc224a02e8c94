import { afterEach, beforeEach, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { readEventStream } from '../../src/renderer/src/api/event-stream'
import { postJson } from '../support/http-post'
import { provider } from '../support/fixtures'
import { useTestNode, useFakeLlm } from '../support/node'
import { waitForAnswers, type Msg } from '../support/answers'

/*
 * A provider answering 429 makes the node pause and try again: clients are told, with an
 * `answer_paused` event naming the inbox, the question, the reason and the wait, so a window can say
 * the provider asked to wait instead of only "thinking". Over the node's real HTTP event stream.
 */

const TOKEN = 'tok'
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 } } })
const fake = useFakeLlm()
let server: HttpServer
let abort: AbortController
let events: { type: string; data: Record<string, unknown> }[]

beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
  abort = new AbortController()
  events = []
  const res = await fetch(`${server.url}/v2/events`, { headers: { Authorization: `Bearer ${TOKEN}` }, signal: abort.signal })
  void readEventStream(res.body!, (e) => events.push({ type: e.type, data: JSON.parse(e.data) as Record<string, unknown> })).catch(() => {})
})
afterEach(async () => {
  abort.abort()
  await server.close()
})

const post = (path: string, body: unknown) => postJson(server.url, TOKEN, path, body)

async function ask(content: string) {
  await post('/v2/add_llm_provider', provider('p1', { external_url: fake.url, api_key: 'k-123456' }))
  const created = await post('/v2/create_job', {
    llm_provider: 'p1',
    job_creation_info: { scope: { vector_fs_items: [], vector_fs_folders: [], local_vrkai: [], local_vrpack: [], network_folders: [] } }
  })
  const jobId = (created.body as { job_id: string }).job_id
  const asked = (await post('/v2/job_message', { job_id: jobId, content })).body as { node_message_hash: string }
  return { inboxId: `job_inbox::${jobId}::false`, question: asked.node_message_hash }
}

const paused = () => events.filter((e) => e.type === 'answer_paused')
const chats = () => fake.requests.filter((r) => r.method === 'POST')

it('a 429 with Retry-After tells clients the inbox waits that long for the provider, then the answer comes', async () => {
  fake.queue = [{ type: 'status', status: 429, body: { error: { message: 'slow down' } }, headers: { 'Retry-After': '2' } }]
  fake.behaviour = { type: 'reply', chunks: ['Finally'] }
  const { inboxId, question } = await ask('Hello')
  await expect.poll(() => paused().length, { timeout: 5000 }).toBe(1)
  const data = paused()[0]!.data
  expect(data).toEqual({ inbox: inboxId, parent: question, reason: 'rate_limit', wait_ms: expect.any(Number) })
  expect(data.wait_ms).toBeGreaterThan(1500)
  expect(data.wait_ms).toBeLessThanOrEqual(2000)
  const [, answer] = await waitForAnswers(node, inboxId, 1, 8000)
  expect((answer as Msg).job_message.content).toBe('Finally')
  expect(chats()).toHaveLength(2)
})

it('a 429 without Retry-After tells the back-off wait', async () => {
  fake.queue = [{ type: 'status', status: 429, body: { error: { message: 'slow down' } } }]
  fake.behaviour = { type: 'reply', chunks: ['Done'] }
  const { inboxId, question } = await ask('Hello')
  await expect.poll(() => paused().length, { timeout: 5000 }).toBe(1)
  const data = paused()[0]!.data
  expect(data).toMatchObject({ inbox: inboxId, parent: question, reason: 'rate_limit' })
  // The first back-off is a jittered wait between 0.5 and 1 s.
  expect(data.wait_ms).toBeGreaterThanOrEqual(400)
  expect(data.wait_ms).toBeLessThanOrEqual(1000)
  await waitForAnswers(node, inboxId, 1, 8000)
})

it('Stop during the pause stores the question as stopped and the provider is not called again', async () => {
  fake.queue = [{ type: 'status', status: 429, body: { error: { message: 'slow down' } }, headers: { 'Retry-After': '2' } }]
  fake.behaviour = { type: 'reply', chunks: ['Too late'] }
  const { inboxId } = await ask('Hello')
  await expect.poll(() => paused().length, { timeout: 5000 }).toBe(1)
  expect(await post('/v2/stop_llm', { inbox_name: inboxId })).toEqual({ status: 200, body: 'Successfully stopped' })
  const [, stopped] = await waitForAnswers(node, inboxId, 1)
  expect((stopped as Msg).job_message.stopped).toBe(true)
  await new Promise((r) => setTimeout(r, 2500))
  expect(chats()).toHaveLength(1)
})

it('a question asked in another inbox of the same server while it is paused is told the rest of the wait', async () => {
  fake.queue = [{ type: 'status', status: 429, body: { error: { message: 'slow down' } }, headers: { 'Retry-After': '2' } }]
  fake.behaviour = { type: 'reply', chunks: ['Later'] }
  const first = await ask('Hello')
  await expect.poll(() => paused().length, { timeout: 5000 }).toBe(1)
  const created = await post('/v2/create_job', {
    llm_provider: 'p1',
    job_creation_info: { scope: { vector_fs_items: [], vector_fs_folders: [], local_vrkai: [], local_vrpack: [], network_folders: [] } }
  })
  const jobId = (created.body as { job_id: string }).job_id
  const second = (await post('/v2/job_message', { job_id: jobId, content: 'Me too' })).body as { node_message_hash: string }
  await expect.poll(() => paused().length, { timeout: 5000 }).toBe(2)
  const data = paused()[1]!.data
  expect(data).toMatchObject({ inbox: `job_inbox::${jobId}::false`, parent: second.node_message_hash, reason: 'rate_limit' })
  expect(data.wait_ms).toBeLessThanOrEqual(2000)
  await waitForAnswers(node, first.inboxId, 1, 8000)
  await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 8000)
  // Nothing called the provider during the pause: the refused call, then one per inbox.
  expect(chats()).toHaveLength(3)
})
