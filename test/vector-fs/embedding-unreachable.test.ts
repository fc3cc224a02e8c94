import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import type { HttpServer } from '../../src/main/transports/http'
import { startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings'
import { provider } from '../support/fixtures'
import { httpCaller, httpUploader } from '../support/http-call'
import { serveUploadsOverHttp, startTestNode, tempDir, type TestNode } from '../support/node'

/*
 * An embedding server that is down (nothing listens, no such host) or accepts and never answers:
 * each batch used to be tried six times with back-offs of 1+2+4+8+16 s (about 31 s), or six full
 * time-outs, before its files were marked failed, and the next batch then did the same. A library of
 * a few hundred files said nothing for many minutes. Now one unreachable outcome (after one quick
 * try again for a refused connection) marks every file waiting failed at once, keyword search works
 * throughout, and once the server runs again retry_failed_embeddings embeds them.
 * A real node on a real data dir, over its real HTTP server; the queue's default tries and back-offs.
 */

const TOKEN = 'tok'
const FILES = 24
let node: TestNode | undefined
let server: HttpServer | undefined
let fake: FakeEmbeddings | undefined
let cleanup: (() => void) | undefined

afterEach(async () => {
  await server?.close()
  await fake?.close()
  await node?.close()
  cleanup?.()
  node = server = fake = cleanup = undefined
})

async function start(callTimeoutMs = 120_000, query: { queryTimeoutMs?: number; queryRetryMs?: number } = {}, waitNoticeMs?: number) {
  const t = tempDir()
  cleanup = t.cleanup
  // Small batches: several of them for the files uploaded, as a library of hundreds has.
  node = startTestNode(t.dir, {
    vectorFs: { queue: { batchSize: 4, callTimeoutMs, ...(waitNoticeMs === undefined ? {} : { waitNoticeMs }) }, ...query }
  })
  server = await serveUploadsOverHttp(node, TOKEN, 1 << 20)
}

const call = httpCaller(() => server!, TOKEN)
const uploadTo = httpUploader(() => server!, TOKEN)
const upload = async (name: string, text: string) => expect(await uploadTo('/', name, text)).toBe(200)

async function useEmbeddingServer(url: string) {
  expect((await call('POST', '/v2/add_llm_provider', provider('emb', { external_url: url }))).status).toBe(200)
  expect((await call('POST', '/v2/update_default_embedding_model', { provider_id: 'emb', model: 'nomic-embed-text' })).status).toBe(200)
}

interface States {
  files: number
  processing: number
  ready: number
  failed: number
  failed_reasons: { reason: string; files: number }[]
}
const states = async () => (await call('GET', '/v2/vector_fs_file_states')).body as States

async function uploadAll() {
  for (let i = 0; i < FILES; i++) await upload(`note-${i}.txt`, `Note ${i} on the orchard harvest and pear trees.`)
}

/** Every file shows its failed status within `ms` of the uploads' end, all for the same reason. */
async function expectAllFailedWithin(ms: number): Promise<string> {
  const t0 = Date.now()
  await expect.poll(async () => (await states()).failed, { timeout: ms, interval: 100 }).toBe(FILES)
  expect(Date.now() - t0).toBeLessThan(ms)
  const s = await states()
  expect(s).toMatchObject({ files: FILES, processing: 0, failed: FILES })
  expect(s.failed_reasons).toHaveLength(1)
  const listed = (await call('GET', '/v2/retrieve_path_simplified?path=/')).body as { status: string }[]
  for (const f of listed) expect(f.status).toBe(`failed: ${s.failed_reasons[0]!.reason}`)
  return s.failed_reasons[0]!.reason
}

async function expectKeywordSearch() {
  const found = (await call('POST', '/v2/search_items', { search: 'orchard harvest', max_results: 5 })).body as unknown[]
  expect(found).toHaveLength(5)
}

async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const port = (s.address() as AddressInfo).port
  await new Promise<void>((r) => s.close(() => r()))
  return port
}

it('a server where nothing listens: every file is failed within seconds, saying so; once it runs, a retry embeds them', async () => {
  await start()
  const port = await freePort()
  await useEmbeddingServer(`http://127.0.0.1:${port}/v1`)
  await uploadAll()
  await expectKeywordSearch()

  const reason = await expectAllFailedWithin(8000)
  expect(reason).toContain(`Could not reach the OpenAI-compatible server at http://127.0.0.1:${port}/v1 (connection refused)`)
  await expectKeywordSearch()

  // The server is started again: the failed files are embedded on request, and new files too.
  fake = await startFakeEmbeddings(16, port)
  expect((await call('POST', '/v2/retry_failed_embeddings', {})).body).toEqual({ queued: FILES })
  await expect.poll(async () => (await states()).ready, { timeout: 8000 }).toBe(FILES)
  await upload('later.txt', 'A note written once the server was back.')
  await expect.poll(async () => (await states()).ready, { timeout: 8000 }).toBe(FILES + 1)
  expect(await states()).toMatchObject({ processing: 0, failed: 0, failed_reasons: [] })
  const listed = (await call('GET', '/v2/retrieve_path_simplified?path=/')).body as { has_embeddings: boolean }[]
  expect(listed.every((f) => f.has_embeddings)).toBe(true)
})

it('a server that accepts and never answers: one time-out fails every file waiting, not six per batch', async () => {
  await start(1500)
  fake = await startFakeEmbeddings(16)
  fake.behaviour = { type: 'hang' }
  await useEmbeddingServer(`${fake.url}/v1`)
  await uploadAll()
  await expectKeywordSearch()

  const reason = await expectAllFailedWithin(6000)
  expect(reason).toBe('The embedding server did not answer within 2 s. Check that it is running and that the model is loaded.')
  // Tried once for the first batch, not again for each of the others (nor six times each).
  expect(fake.requests.length).toBeLessThanOrEqual(2)

  fake.behaviour = { type: 'ok' }
  expect((await call('POST', '/v2/retry_failed_embeddings', {})).body).toEqual({ queued: FILES })
  await expect.poll(async () => (await states()).ready, { timeout: 8000 }).toBe(FILES)
})

it('while a call to a server that accepts and never answers is pending, the file states say the files wait on it, and until when', async () => {
  // The files are "processing" (the contract's status) for the whole time-out: nothing said they waited on the server.
  // The call's time-out (the queue's callTimeoutMs): long enough for the uploads and the looks below on a
  // loaded machine, short enough that the test does not wait 10 s for the files to be given up on.
  const callTimeoutMs = 5_000
  await start(callTimeoutMs, {}, 300)
  fake = await startFakeEmbeddings(16)
  fake.behaviour = { type: 'hang' }
  await useEmbeddingServer(`${fake.url}/v1`)
  const t0 = Date.now()
  await uploadAll()
  expect((await states()).processing).toBe(FILES)
  await expect
    .poll(async () => ((await call('GET', '/v2/vector_fs_file_states')).body as { embedding_wait: unknown }).embedding_wait, {
      timeout: 3000
    })
    .toMatchObject({ provider_id: 'emb', model: 'nomic-embed-text' })
  const now = (await call('GET', '/v2/vector_fs_file_states')).body as {
    processing: number
    embedding_failure: unknown
    embedding_wait: { provider_id: string; model: string; since: string; gives_up_at: string }
  }
  expect(now).toMatchObject({ processing: FILES, embedding_failure: null })
  expect(now.embedding_wait).toMatchObject({ provider_id: 'emb', model: 'nomic-embed-text' })
  const since = Date.parse(now.embedding_wait.since)
  expect(since).toBeGreaterThanOrEqual(t0 - 1000)
  expect(Date.parse(now.embedding_wait.gives_up_at) - since).toBe(callTimeoutMs)
  // Each file's own status stays within the contract's statuses.
  const listed = (await call('GET', '/v2/retrieve_path_simplified?path=/')).body as { status: string }[]
  expect(listed.every((f) => f.status === 'processing')).toBe(true)

  // Given up: the files say why themselves, and nothing waits any more.
  await expectAllFailedWithin(10_000)
  expect(((await call('GET', '/v2/vector_fs_file_states')).body as { embedding_wait: unknown }).embedding_wait).toBeNull()
})

it('a host name that does not resolve fails every file at once, naming the host', async () => {
  await start()
  await useEmbeddingServer('http://nodedesk-no-such-host.invalid/v1')
  await uploadAll()
  const reason = await expectAllFailedWithin(15_000)
  expect(reason).toMatch(/^Could not reach the OpenAI-compatible server at http:\/\/nodedesk-no-such-host\.invalid\/v1 \(host/)
})

it('retry_failed_embeddings with no embedding model queues nothing', async () => {
  await start()
  await upload('a.txt', 'words')
  const retried = await call('POST', '/v2/retry_failed_embeddings', {})
  expect([retried.status, retried.body]).toEqual([200, { queued: 0 }])
  expect((await call('POST', '/v2/retry_failed_embeddings', { all: true })).status).toBe(400)
  expect(await states()).toMatchObject({ files: 1, ready: 1, failed: 0 })
})

/** How long a search takes, in ms, and that it found the passages by their words. */
async function timedSearch(): Promise<number> {
  const t0 = performance.now()
  await expectKeywordSearch()
  return performance.now() - t0
}

it('searches while the server hangs: each waits for the query time-out at most once per pause, and the pause grows', async () => {
  await start(400, { queryTimeoutMs: 400, queryRetryMs: 1000 })
  fake = await startFakeEmbeddings(16)
  await useEmbeddingServer(`${fake.url}/v1`)
  await uploadAll()
  await expect.poll(async () => (await states()).ready, { timeout: 8000 }).toBe(FILES)

  // The server now takes calls and never answers (a model loading for ever, a host gone to sleep).
  fake.behaviour = { type: 'hang' }
  expect(await timedSearch()).toBeGreaterThanOrEqual(350) // waited for the query's time-out
  expect(await timedSearch()).toBeLessThan(300) // keywords alone meanwhile
  await new Promise((r) => setTimeout(r, 1100))
  expect(await timedSearch()).toBeGreaterThanOrEqual(350) // asked again once the first pause (1 s) ended
  await new Promise((r) => setTimeout(r, 1100))
  // Failed twice in a row: the pause is 2 s now, not 1 s again (a search held every few seconds as the operator types).
  expect(await timedSearch()).toBeLessThan(300)
})

it('once the queue found the server unreachable, searches do not wait for it either', async () => {
  await start(400, { queryTimeoutMs: 400, queryRetryMs: 60_000 })
  fake = await startFakeEmbeddings(16)
  await useEmbeddingServer(`${fake.url}/v1`)
  await upload('first.txt', 'The orchard harvest, embedded while the server worked.')
  await expect.poll(async () => (await states()).ready, { timeout: 8000 }).toBe(1)

  fake.behaviour = { type: 'hang' }
  await uploadAll()
  await expect.poll(async () => (await states()).failed, { timeout: 8000 }).toBe(FILES)
  // No search waited for the server yet: the queue's time-out is known to the searches.
  expect(await timedSearch()).toBeLessThan(300)
})
