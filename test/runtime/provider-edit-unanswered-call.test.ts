import { afterEach, beforeEach, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { postJson } from '../support/http-post'
import { provider } from '../support/fixtures'
import { useTestNode, useFakeLlm } from '../support/node'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { messages, waitForAnswers, type Msg } from '../support/answers'

/*
 * A provider's server takes the question and says nothing (a wrong address behind a proxy, a model
 * that never loads, a key a gateway holds calls for). The operator fixes the provider: another
 * address, another key, another model. The call still waiting on the old settings used to be waited
 * out to its time-out (2 minutes by default), and then an error note was stored though the provider
 * had been mended. Now an edit of the settings a call uses asks the question again at once with the
 * new ones, unless the old call had begun to answer. Over the node's real HTTP API.
 */

const TOKEN = 'tok'
// Far longer than the tests wait for the answer.
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 20_000, idleMs: 20_000, unstreamedMs: 20_000 } } })
const first = useFakeLlm()
let second: FakeLlm
let server: HttpServer

beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
  second = await startFakeLlm()
  second.behaviour = { type: 'reply', chunks: ['From the mended provider'] }
})
afterEach(async () => {
  await server.close()
  await second.close()
})

const post = (path: string, body: unknown) => postJson(server.url, TOKEN, path, body)
const chats = (fake: FakeLlm) => fake.requests.filter((r) => r.method === 'POST')

/** A job on provider `p` (at the first server with key k-first), its question's call under way there. */
async function askedOfFirst(stream = true) {
  expect((await post('/v2/add_llm_provider', provider('p', { external_url: first.url, api_key: 'k-first' }))).status).toBe(200)
  const created = await post('/v2/create_job', {
    llm_provider: 'p',
    job_creation_info: { scope: { vector_fs_items: [], vector_fs_folders: [], local_vrkai: [], local_vrpack: [], network_folders: [] } }
  })
  const jobId = (created.body as { job_id: string }).job_id
  const config = { custom_prompt: '', temperature: 0.7, seed: 0, top_k: 40, top_p: 0.9, stream }
  expect((await post('/v2/update_job_config', { job_id: jobId, config })).status).toBe(200)
  expect((await post('/v2/job_message', { job_id: jobId, content: 'Hello' })).status).toBe(200)
  await expect.poll(() => chats(first).length, { timeout: 5000 }).toBe(1)
  return `job_inbox::${jobId}::false`
}

async function expectMendedAnswer(inboxId: string) {
  const [, answer] = await waitForAnswers(node, inboxId, 1, 5000)
  expect((answer as Msg).job_message.content).toBe('From the mended provider')
  expect((answer as Msg).job_message.error).toBeUndefined()
  expect(await messages(node, inboxId)).toHaveLength(2)
}

it('a call the server holds unanswered is asked again at once of the address the provider is moved to', async () => {
  first.behaviour = { type: 'hang' }
  const inboxId = await askedOfFirst()
  const edited = await post('/v2/modify_llm_provider', provider('p', { external_url: second.url, api_key: 'k-second' }))
  expect(edited).toEqual({ status: 200, body: 'Successfully modified LLM provider' })
  await expectMendedAnswer(inboxId)
  expect(chats(second)).toHaveLength(1)
})

it('an unstreamed call is asked again at once with the new key, at the same address', async () => {
  first.behaviour = { type: 'hang' }
  const inboxId = await askedOfFirst(false)
  first.behaviour = { type: 'reply', chunks: ['From the mended provider'] }
  expect((await post('/v2/modify_llm_provider', provider('p', { external_url: first.url, api_key: 'k-right' }))).status).toBe(200)
  await expectMendedAnswer(inboxId)
  expect(chats(first)).toHaveLength(2)
  expect(chats(first)[1]!.headers.authorization).toBe('Bearer k-right')
})

it('an answer that has begun to stream goes on from the old call when the provider is moved', async () => {
  let finish = () => {}
  first.behaviour = { type: 'keepalive', chunks: ['Begun'], everyMs: 100, until: new Promise<void>((r) => (finish = r)) }
  const inboxId = await askedOfFirst()
  await new Promise((r) => setTimeout(r, 500))
  expect((await post('/v2/modify_llm_provider', provider('p', { external_url: second.url, api_key: 'k-second' }))).status).toBe(200)
  await new Promise((r) => setTimeout(r, 500))
  finish()
  const [, answer] = await waitForAnswers(node, inboxId, 1, 5000)
  expect((answer as Msg).job_message.content).toBe('Begun')
  expect(chats(second)).toHaveLength(0)
})

it('renaming the provider leaves a call held unanswered alone', async () => {
  let release = () => {}
  first.behaviour = { type: 'reply', chunks: ['From the first server'], after: new Promise<void>((r) => (release = r)) }
  const inboxId = await askedOfFirst()
  expect((await post('/v2/modify_llm_provider', provider('p', { external_url: first.url, name: 'Renamed' }))).status).toBe(200)
  await new Promise((r) => setTimeout(r, 300))
  release()
  const [, answer] = await waitForAnswers(node, inboxId, 1, 5000)
  expect((answer as Msg).job_message.content).toBe('From the first server')
  expect(chats(first)).toHaveLength(1)
})

it('a call the server holds unanswered is asked again at once of the provider its job is moved to', async () => {
  first.behaviour = { type: 'hang' }
  const inboxId = await askedOfFirst()
  expect((await post('/v2/add_llm_provider', provider('mended', { external_url: second.url, api_key: 'k-second' }))).status).toBe(200)
  const jobId = inboxId.split('::')[1]!
  const moved = await post('/v2/change_job_llm_provider', { job_id: jobId, new_agent_id: 'mended' })
  expect(moved).toEqual({ status: 200, body: 'Successfully changed job LLM provider' })
  await expectMendedAnswer(inboxId)
  expect(chats(second)).toHaveLength(1)
})

it('moving a job to the provider it is on already leaves its call held unanswered alone', async () => {
  let release = () => {}
  first.behaviour = { type: 'reply', chunks: ['From the first server'], after: new Promise<void>((r) => (release = r)) }
  const inboxId = await askedOfFirst()
  const jobId = inboxId.split('::')[1]!
  const moved = await post('/v2/change_job_llm_provider', { job_id: jobId, new_agent_id: 'p' })
  expect(moved).toEqual({ status: 200, body: 'Successfully changed job LLM provider' })
  await new Promise((r) => setTimeout(r, 300))
  release()
  const [, answer] = await waitForAnswers(node, inboxId, 1, 5000)
  expect((answer as Msg).job_message.content).toBe('From the first server')
  expect(chats(first)).toHaveLength(1)
})
