import { afterEach, beforeEach, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings'
import { provider } from '../support/fixtures'
import { httpCaller } from '../support/http-call'
import { useTestNode } from '../support/node'

/*
 * While the embedding provider keeps failing, the queue tries again and the files stay
 * "processing": the window could say how many, never why. vector_fs_file_states now carries the
 * queue's last failure while it tries again (`embedding_failure`), and null once embedding works.
 * Over the node's real HTTP transport.
 */

const TOKEN = 'tok'
// Tries spaced ~1 s apart, so the queue is seen between two of them.
const node = useTestNode({ vectorFs: { queue: { batchSize: 4, backoffMs: 1000, maxBackoffMs: 1000, maxAttempts: 20 } } })
let fake: FakeEmbeddings
let server: HttpServer

beforeEach(async () => {
  fake = await startFakeEmbeddings(16)
  server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
})
afterEach(async () => {
  await server.close()
  await fake.close()
})

const call = httpCaller(() => server, TOKEN)

interface States {
  processing: number
  ready: number
  failed: number
  embedding_failure: { message: string; at: string; attempt: number; max_attempts: number; next_try_at: string } | null
}
const states = async () => (await call('GET', '/v2/vector_fs_file_states')).body as States

it('a provider that keeps failing: the file states say why files are still processing, and when the next try is; null once it works', async () => {
  expect((await states()).embedding_failure).toBeNull()
  await call('POST', '/v2/add_llm_provider', provider('emb', { api_key: 'sk-embed', external_url: `${fake.url}/v1` }))
  expect((await call('POST', '/v2/update_default_embedding_model', { provider_id: 'emb', model: 'text-embedding-3-small' })).status).toBe(
    200
  )
  fake.behaviour = { type: 'fail', status: 503, times: 1000 }
  await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'a.txt', file_data: new TextEncoder().encode('some words to embed') })

  await expect.poll(async () => (await states()).embedding_failure, { timeout: 5000 }).not.toBeNull()
  const now = await states()
  expect(now.processing).toBe(1)
  expect(now.embedding_failure!.message).toMatch(/503/)
  expect(now.embedding_failure!.message).not.toContain('sk-embed')
  expect(now.embedding_failure!.attempt).toBeGreaterThanOrEqual(1)
  expect(now.embedding_failure!.max_attempts).toBe(20)
  expect(Date.parse(now.embedding_failure!.next_try_at)).toBeGreaterThan(Date.parse(now.embedding_failure!.at))

  fake.behaviour = { type: 'ok' }
  await expect.poll(async () => (await states()).ready, { timeout: 5000 }).toBe(1)
  expect(await states()).toMatchObject({ processing: 0, failed: 0, embedding_failure: null })
})
