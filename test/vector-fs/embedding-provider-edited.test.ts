import { afterEach, expect, it } from 'vitest'
import type { HttpServer } from '../../src/main/transports/http'
import { startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings'
import { provider } from '../support/fixtures'
import { httpCaller, httpUploader } from '../support/http-call'
import { serveUploadsOverHttp, startTestNode, tempDir, type TestNode } from '../support/node'

/*
 * The embedding server stops answering while files are embedded; the operator points the embedding
 * provider at a server that works (or gives it its right key). The call still waiting on the old
 * server used to be waited out to its time-out, after which every file waiting was marked failed,
 * though the provider had been fixed meanwhile. Now the edit makes the batch go to the new server at
 * once. A real node on a real data dir, over its real HTTP server.
 */

const TOKEN = 'tok'
const FILES = 6
/** Far longer than the test waits for the files to be ready, far shorter than the test's own limit. */
const CALL_TIMEOUT_MS = 4000
let node: TestNode | undefined
let server: HttpServer | undefined
const fakes: FakeEmbeddings[] = []
let cleanup: (() => void) | undefined

afterEach(async () => {
  await server?.close()
  for (const f of fakes.splice(0)) await f.close()
  await node?.close()
  cleanup?.()
  node = server = cleanup = undefined
})

async function start() {
  const t = tempDir()
  cleanup = t.cleanup
  node = startTestNode(t.dir, { vectorFs: { queue: { batchSize: 4, callTimeoutMs: CALL_TIMEOUT_MS } } })
  server = await serveUploadsOverHttp(node, TOKEN, 1 << 20)
}

const call = httpCaller(() => server!, TOKEN)
const uploadTo = httpUploader(() => server!, TOKEN)
const upload = async (name: string, text: string) => expect(await uploadTo('/', name, text)).toBe(200)

const states = async () => (await call('GET', '/v2/vector_fs_file_states')).body as { processing: number; ready: number; failed: number }

async function fakeServer(behaviour: FakeEmbeddings['behaviour']) {
  const f = await startFakeEmbeddings(16)
  f.behaviour = behaviour
  fakes.push(f)
  return f
}

/** Files being embedded through provider `emb` on `stuck`, whose call hangs. */
async function embeddingStuckOn(stuck: FakeEmbeddings, fields: Record<string, unknown> = {}) {
  await start()
  const added = await call('POST', '/v2/add_llm_provider', provider('emb', { external_url: `${stuck.url}/v1`, ...fields }))
  expect(added.status).toBe(200)
  expect((await call('POST', '/v2/update_default_embedding_model', { provider_id: 'emb', model: 'nomic-embed-text' })).status).toBe(200)
  for (let i = 0; i < FILES; i++) await upload(`note-${i}.txt`, `Note ${i} on the orchard harvest and pear trees.`)
  await expect.poll(() => stuck.requests.length, { timeout: 3000 }).toBeGreaterThan(0)
  expect((await states()).processing).toBe(FILES)
}

it('pointing the embedding provider at a working server embeds the files there at once, none failed', async () => {
  const stuck = await fakeServer({ type: 'hang' })
  const working = await fakeServer({ type: 'ok' })
  await embeddingStuckOn(stuck)
  const edited = await call('POST', '/v2/modify_llm_provider', provider('emb', { external_url: `${working.url}/v1` }))
  expect([edited.status, edited.body]).toEqual([200, 'Successfully modified LLM provider'])
  const t0 = Date.now()
  await expect.poll(async () => (await states()).ready, { timeout: CALL_TIMEOUT_MS - 1000, interval: 100 }).toBe(FILES)
  expect(Date.now() - t0).toBeLessThan(CALL_TIMEOUT_MS - 1000)
  expect(await states()).toMatchObject({ processing: 0, failed: 0 })
  expect(working.requests.length).toBeGreaterThan(0)
  expect(stuck.requests).toHaveLength(1)
})

it('a new key for the embedding provider is used at once by the files waiting', async () => {
  // The server holds calls with the wrong key unanswered (as a proxy might) and answers the right one.
  const server = await fakeServer({ type: 'hang' })
  await embeddingStuckOn(server, { api_key: 'sk-wrong-key' })
  server.behaviour = { type: 'ok' }
  const edited = await call(
    'POST',
    '/v2/modify_llm_provider',
    provider('emb', { external_url: `${server.url}/v1`, api_key: 'sk-right-key' })
  )
  expect(edited.status).toBe(200)
  await expect.poll(async () => (await states()).ready, { timeout: CALL_TIMEOUT_MS - 1000, interval: 100 }).toBe(FILES)
  expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer sk-right-key')
})

it('renaming the embedding provider leaves the call under way alone', async () => {
  const server = await fakeServer({ type: 'ok' })
  let release = () => {}
  server.behaviour = { type: 'wait', until: new Promise<void>((r) => (release = r)) }
  await embeddingStuckOn(server)
  const edited = await call('POST', '/v2/modify_llm_provider', provider('emb', { external_url: `${server.url}/v1`, name: 'Embeddings' }))
  expect(edited.status).toBe(200)
  release()
  await expect.poll(async () => (await states()).ready, { timeout: 3000, interval: 100 }).toBe(FILES)
  // The batch under way was answered, not asked again: each passage was sent once.
  expect(server.requests.reduce((n, r) => n + r.input.length, 0)).toBe(FILES)
})
