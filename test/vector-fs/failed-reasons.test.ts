import { afterEach, beforeEach, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings'
import { provider } from '../support/fixtures'
import { httpCaller } from '../support/http-call'
import { startMockLlm, type MockLlm } from '../support/mock-llm'
import { useTestNode } from '../support/node'

/*
 * An embedding model saved with a wrong name (or a server without embeddings, or a wrong key) is
 * accepted (the contract tries nothing on update_default_embedding_model), and every file then
 * fails in the background, each saying why on its own row alone. vector_fs_file_states names the
 * reasons the failed files share, commonest first, so the window can say it once where the operator
 * chose the model. Over the node's real HTTP transport, against a real data dir.
 */

const TOKEN = 'tok'
const node = useTestNode({ vectorFs: { queue: { batchSize: 4, backoffMs: 5, maxBackoffMs: 20, maxAttempts: 2 } } })
let server: HttpServer
let mock: MockLlm
let fake: FakeEmbeddings

beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
  mock = await startMockLlm()
  fake = await startFakeEmbeddings(16)
})
afterEach(async () => {
  await server.close()
  await mock.close()
  await fake.close()
})

const call = httpCaller(() => server, TOKEN)

interface States {
  files: number
  processing: number
  failed: number
  failed_reasons: { reason: string; files: number }[]
}
const states = async () => (await call('GET', '/v2/vector_fs_file_states')).body as States
const upload = (name: string) =>
  node.post('/v2/upload_file_to_folder', { path: '/', filename: name, file_data: new TextEncoder().encode(`The words of ${name}.`) })

it('a model name the server does not have: every file fails, and the file states name the one reason once, with how many files it failed', async () => {
  for (let i = 0; i < 6; i++) expect((await upload(`f${i}.txt`)).status).toBe(200)
  expect((await states()).failed_reasons).toEqual([])
  expect((await call('POST', '/v2/add_llm_provider', provider('mock', { external_url: mock.url }))).status).toBe(200)
  expect((await call('POST', '/v2/update_default_embedding_model', { provider_id: 'mock', model: 'no-such-model' })).status).toBe(200)

  // Six files in batches of four passages: two calls, one reason.
  await expect.poll(async () => (await states()).failed, { timeout: 8000 }).toBe(6)
  const { failed_reasons } = await states()
  expect(failed_reasons).toHaveLength(1)
  expect(failed_reasons[0]!.files).toBe(6)
  // The reason as each file's status gives it after `failed: `, which is not repeated.
  expect(failed_reasons[0]!.reason).toMatch(/^The OpenAI-compatible server at .* has no model 'no-such-model'/)
  const listed = (await call('GET', '/v2/retrieve_path_simplified?path=/')).body as { status: string }[]
  expect(listed.map((f) => f.status)).toEqual(Array.from({ length: 6 }, () => `failed: ${failed_reasons[0]!.reason}`))
})

it('files that failed for different reasons: the commonest reason first; none once a working model is saved', async () => {
  expect(
    (await call('POST', '/v2/add_llm_provider', provider('emb', { api_key: 'sk-embed', external_url: `${fake.url}/v1` }))).status
  ).toBe(200)
  expect((await call('POST', '/v2/update_default_embedding_model', { provider_id: 'emb', model: 'text-embedding-3-small' })).status).toBe(
    200
  )
  fake.behaviour = { type: 'fail', status: 400, times: 1 }
  await upload('one.txt')
  await expect.poll(async () => (await states()).failed, { timeout: 8000 }).toBe(1)
  fake.behaviour = { type: 'fail', status: 401, times: 100 }
  await upload('two.txt')
  await upload('three.txt')
  await expect.poll(async () => (await states()).failed, { timeout: 8000 }).toBe(3)
  const { failed_reasons } = await states()
  expect(failed_reasons.map((r) => r.files)).toEqual([2, 1])
  expect(failed_reasons[0]!.reason).toMatch(/rejected the API key/)
  expect(failed_reasons[0]!.reason).not.toContain('sk-embed')

  fake.behaviour = { type: 'ok' }
  expect((await call('POST', '/v2/update_default_embedding_model', { provider_id: 'emb', model: 'text-embedding-3-large' })).status).toBe(
    200
  )
  await expect.poll(async () => (await states()).failed_reasons, { timeout: 8000 }).toEqual([])
  expect(await states()).toMatchObject({ files: 3, processing: 0, failed: 0 })
})
