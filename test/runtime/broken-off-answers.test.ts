import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { postJson } from '../support/http-post'
import { provider } from '../support/fixtures'
import { useTestNode, useFakeLlm } from '../support/node'
import { recordEvents, waitForAnswers, type Msg } from '../support/answers'

/*
 * A provider streams part of an answer and then fails: the connection is cut, or the server
 * reports an error inside its 200 stream. The operator watched that part appear; the stored error
 * note must keep it (followed by a note saying the answer broke off and why), and Retry must still
 * answer the question again. Everything over the node's real HTTP transport.
 */

const TOKEN = 'tok'
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 }, rateLimitRetries: 0 } })
const fake = useFakeLlm()
let server: HttpServer

beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
})
afterEach(async () => {
  await server.close()
})

const post = (path: string, body: unknown) => postJson(server.url, TOKEN, path, body)

async function jobWith(kind: string) {
  const added = await post(
    '/v2/add_llm_provider',
    provider('p1', { model: { [kind]: { model_type: 'model-a' } }, external_url: fake.url, api_key: 'k-123456' })
  )
  expect(added.status).toBe(200)
  const created = await post('/v2/create_job', {
    llm_provider: 'p1',
    job_creation_info: { scope: { vector_fs_items: [], vector_fs_folders: [], local_vrkai: [], local_vrpack: [], network_folders: [] } }
  })
  const jobId = (created.body as { job_id: string }).job_id
  return { jobId, inboxId: `job_inbox::${jobId}::false` }
}

const lastMessages = async (inboxId: string) => (await post('/v2/last_messages', { inbox_name: inboxId, limit: 50 })).body as Msg[]

describe.each(['OpenAI', 'Claude', 'Gemini', 'Ollama'])('%s', (kind) => {
  it.each(['cut', 'error', 'close'] as const)(
    'an answer that breaks off (%s) keeps the part already streamed, then a note saying it broke off',
    async (ending) => {
      const events = recordEvents(node)
      const { jobId, inboxId } = await jobWith(kind)
      fake.behaviour = { type: 'break', chunks: ['The first', ' half of', ' the answer'], ending, delayMs: 5 }
      const asked = await post('/v2/job_message', { job_id: jobId, content: 'Tell me everything' })
      expect(asked.status).toBe(200)
      await waitForAnswers(node, inboxId, 1)
      const [question, answer] = await lastMessages(inboxId)
      const streamed = events
        .filter((e) => e.type === 'message_delta')
        .map((e) => (e.data as { text: string }).text)
        .join('')
      expect(streamed).toBe('The first half of the answer')
      const content = answer!.job_message.content
      // What the operator saw stays, in full, at the start; the note follows it.
      expect(content.startsWith('The first half of the answer\n\n⚠ ')).toBe(true)
      expect(content).toMatch(/broke off/)
      // A reply that closed cleanly before its protocol's end is no whole answer either, and says so.
      if (ending === 'close') expect(content).toMatch(/connection to .* closed before the answer finished/)
      // Still the contract's error note: marked with `error`, answering the question.
      expect(answer!.job_message.error).toMatchObject({ kind: expect.any(String) })
      expect(answer!.job_message.parent).toBe(question!.node_api_data.node_message_hash)
    }
  )
})

it('Retry on an answer that broke off answers the question again, appended, and the question is not repeated', async () => {
  const { jobId, inboxId } = await jobWith('OpenAI')
  fake.queue = [{ type: 'break', chunks: ['Half an'], ending: 'cut' }]
  fake.behaviour = { type: 'reply', chunks: ['A whole', ' answer'] }
  await post('/v2/job_message', { job_id: jobId, content: 'Question' })
  await waitForAnswers(node, inboxId, 1)
  const [question, broken] = await lastMessages(inboxId)
  expect(broken!.job_message.content.startsWith('Half an\n\n⚠ ')).toBe(true)
  const retried = await post('/v2/retry_message', { inbox_name: inboxId, message_id: broken!.node_api_data.node_message_hash })
  expect(retried).toEqual({ status: 200, body: 'Successfully queued' })
  await waitForAnswers(node, inboxId, 2)
  const all = await lastMessages(inboxId)
  expect(all.map((m) => m.job_message.content)).toEqual(['Question', broken!.job_message.content, 'A whole answer'])
  expect(all[2]!.job_message.parent).toBe(question!.node_api_data.node_message_hash)
  expect(all[2]!.job_message.error).toBeUndefined()
})

it('a failure before any text is still the plain error note (nothing to keep)', async () => {
  const { jobId, inboxId } = await jobWith('OpenAI')
  fake.behaviour = { type: 'status', status: 500, body: { error: { message: 'boom' } } }
  await post('/v2/job_message', { job_id: jobId, content: 'Question' })
  await waitForAnswers(node, inboxId, 1)
  const [, note] = await lastMessages(inboxId)
  expect(note!.job_message.content.startsWith('⚠ ')).toBe(true)
  expect(note!.job_message.error).toEqual({ kind: 'provider_error', status: 500 })
})

it('an answer that broke off names the scope passages its part drew on, as a whole answer does', async () => {
  await post(
    '/v2/add_llm_provider',
    provider('p1', { model: { OpenAI: { model_type: 'model-a' } }, external_url: fake.url, api_key: 'k-123456' })
  )
  await node.post('/v2/create_folder', { path: '/', folder_name: 'Leases' })
  await node.post('/v2/upload_file_to_folder', {
    path: '/Leases',
    filename: 'berlin.md',
    file_data: new TextEncoder().encode('# Berlin office\n\nThe Berlin office lease ends on 31 March 2027.')
  })
  const scope = {
    vector_fs_items: [],
    vector_fs_folders: [{ name: 'Leases', path: { path_ids: ['Leases'] } }],
    local_vrkai: [],
    local_vrpack: [],
    network_folders: []
  }
  const created = await post('/v2/create_job', { llm_provider: 'p1', job_creation_info: { scope } })
  const jobId = (created.body as { job_id: string }).job_id
  const inboxId = `job_inbox::${jobId}::false`
  fake.behaviour = { type: 'break', chunks: ['The lease ends'], ending: 'error' }
  await post('/v2/job_message', { job_id: jobId, content: 'When does the Berlin office lease end?' })
  await waitForAnswers(node, inboxId, 1)
  const [, broken] = await lastMessages(inboxId)
  expect(broken!.job_message.error).toBeDefined()
  expect(broken!.job_message.sources).toEqual([{ path: '/Leases/berlin.md', name: 'berlin.md', node_id: '1', score: expect.any(Number) }])
})
