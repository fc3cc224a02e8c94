import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FileInfo, SearchResult } from '../../src/shared/contract/vector-fs'
import { fakeVector, startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings'
import { recordEvents } from '../support/answers'
import { addProvider, startTestNode, tempDir, type TestNode, type TestNodeOptions, useTestNode } from '../support/node'

const QUICK: TestNodeOptions = { vectorFs: { queue: { batchSize: 4, backoffMs: 5, maxBackoffMs: 20, maxAttempts: 4 } } }
const bytes = (text: string) => new TextEncoder().encode(text)

let fake: FakeEmbeddings
beforeEach(async () => {
  fake = await startFakeEmbeddings(64)
})
afterEach(() => fake.close())
const node = useTestNode(QUICK)

async function upload(n: TestNode, filename: string, text: string) {
  const res = await n.post('/v2/upload_file_to_folder', { path: '/', filename, file_data: bytes(text) })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body as FileInfo
}

async function files(n: TestNode): Promise<FileInfo[]> {
  return (await n.get('/v2/retrieve_path_simplified', { path: '/' })).body as FileInfo[]
}

async function waitFor(n: TestNode, done: (fs: FileInfo[]) => boolean, timeoutMs = 8000): Promise<FileInfo[]> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const fs = await files(n)
    if (done(fs)) return fs
    if (Date.now() > until) throw new Error(`timed out; files now: ${JSON.stringify(fs.map((f) => [f.name, f.status, f.has_embeddings]))}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}
const allReady = (fs: FileInfo[]) => fs.length > 0 && fs.every((f) => f.status === 'ready' && f.has_embeddings)

async function useOpenAi(n: TestNode, id = 'emb', model = 'text-embedding-3-small') {
  await addProvider(n, id, { api_key: 'sk-embed-secret', external_url: `${fake.url}/v1` })
  const res = await n.post('/v2/update_default_embedding_model', { provider_id: id, model })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

const longText = (topic: string, paragraphs: number) =>
  Array.from({ length: paragraphs }, (_, i) => `${topic} paragraph ${i}: ` + `notes about ${topic} and more ${topic}. `.repeat(30)).join(
    '\n\n'
  )

describe('embeddings', () => {
  it('without a model: keywords only, has_embeddings false, status ready', async () => {
    const f = await upload(node, 'a.txt', 'plain words')
    expect(f).toMatchObject({ status: 'ready', has_embeddings: false })
    expect(fake.requests).toHaveLength(0)
  })

  it('OpenAI /v1/embeddings receives batches with the key; files end ready and embedded; search finds by meaning', async () => {
    await useOpenAi(node)
    const events = recordEvents(node)
    await upload(node, 'garage.txt', longText('car repair', 6))
    await upload(node, 'clinic.txt', 'The doctor sees patients on Mondays.')
    const processing = await files(node)
    expect(processing.some((f) => f.status === 'processing')).toBe(true)
    await waitFor(node, allReady)
    // Clients hear when a file is stored and again when its embeddings are done.
    expect(events.filter((e) => e.type === 'vector_fs_changed' && e.data.path === '/garage.txt').length).toBeGreaterThanOrEqual(2)
    expect(fake.requests.length).toBeGreaterThan(1)
    for (const r of fake.requests) {
      expect(r.path).toBe('/v1/embeddings')
      expect(r.model).toBe('text-embedding-3-small')
      expect(r.input.length).toBeLessThanOrEqual(4)
      expect(r.headers.authorization).toBe('Bearer sk-embed-secret')
    }
    const passages = node.store.db.prepare('SELECT count(*) AS n FROM vfs_passages').get() as { n: number }
    expect(fake.requests.reduce((n, r) => n + r.input.length, 0)).toBe(passages.n)
    // "physician" shares no word with the clinic file: found by its embedding alone.
    const hits = (await node.post('/v2/search_items', { search: 'physician' })).body as SearchResult[]
    expect(hits[0]?.path).toBe('/clinic.txt')
    const exported = (await node.get('/v2/retrieve_vector_resource', { path: '/clinic.txt' })).body as {
      vrkai: { resource: { Document: { embeddings: { id: string; vector: number[] }[]; embedding_model_used_string: string } } }
    }
    expect(exported.vrkai.resource.Document.embeddings[0]!.vector).toHaveLength(64)
    expect(exported.vrkai.resource.Document.embedding_model_used_string).toBe('text-embedding-3-small')
  })

  it("Ollama's /api/embed receives batches without any key", async () => {
    await addProvider(node, 'llama', { model: { Ollama: { model_type: 'llama3.2' } }, external_url: fake.url })
    await node.post('/v2/update_default_embedding_model', { provider_id: 'llama', model: 'nomic-embed-text' })
    await upload(node, 'a.md', longText('pond', 4))
    await waitFor(node, allReady)
    expect(fake.requests.length).toBeGreaterThan(0)
    for (const r of fake.requests) {
      expect(r.path).toBe('/api/embed')
      expect(r.model).toBe('nomic-embed-text')
      expect(r.headers.authorization).toBeUndefined()
    }
  })

  it("Gemini's batchEmbedContents receives batches with the key in its own header", async () => {
    await addProvider(node, 'gem', {
      model: { Gemini: { model_type: 'gemini-2.5-flash' } },
      external_url: `${fake.url}/v1beta`,
      api_key: 'g-key'
    })
    await node.post('/v2/update_default_embedding_model', { provider_id: 'gem', model: 'text-embedding-004' })
    await upload(node, 'a.md', longText('orchard', 4))
    await waitFor(node, allReady)
    expect(fake.requests.length).toBeGreaterThan(0)
    for (const r of fake.requests) {
      expect(r.path).toMatch(/^\/v1beta\/models\/text-embedding-004:(batchEmbedContents|embedContent)$/)
      expect(r.headers['x-goog-api-key']).toBe('g-key')
      expect(r.headers.authorization).toBeUndefined()
    }
  })

  it('a 429 (and a 503) then success: tried again with back-off, the file ends ready', async () => {
    await useOpenAi(node)
    fake.behaviour = { type: 'fail', status: 429, times: 2, retryAfter: '0' }
    await upload(node, 'a.txt', 'rate limited words')
    await waitFor(node, allReady)
    expect(fake.requests.length).toBe(3)
    fake.behaviour = { type: 'fail', status: 503, times: 1 }
    await upload(node, 'b.txt', 'server busy words')
    await waitFor(node, (fs) => fs.length === 2 && allReady(fs))
  })

  it('failures that do not pass (401, or 5xx past the tries) mark the file failed with the reason; keywords still work', async () => {
    await useOpenAi(node)
    fake.behaviour = { type: 'fail', status: 401, times: 1 }
    await upload(node, 'a.txt', 'unauthorised words')
    const [a] = await waitFor(node, (fs) => fs[0]!.status!.startsWith('failed'))
    expect(a!.status).toMatch(/^failed: .*401/)
    expect(a!.status).not.toContain('sk-embed-secret')
    expect(fake.requests).toHaveLength(1)
    fake.behaviour = { type: 'fail', status: 500, times: 100 }
    await upload(node, 'b.txt', 'broken server words')
    const fs = await waitFor(node, (all) => all.length === 2 && all[1]!.status!.startsWith('failed'))
    expect(fs[1]!.status).toMatch(/500/)
    expect(fake.requests).toHaveLength(1 + 4)
    expect(((await node.post('/v2/search_items', { search: 'broken' })).body as SearchResult[])[0]?.path).toBe('/b.txt')
  })

  it('a server with no such embedding model (404) marks the file failed with a reason about embeddings, not about a chat endpoint', async () => {
    await useOpenAi(node, 'emb', 'no-such-embedder')
    fake.behaviour = { type: 'fail', status: 404, times: 100 }
    await upload(node, 'a.txt', 'words to embed')
    const [a] = await waitFor(node, (fs) => fs[0]!.status!.startsWith('failed'))
    expect(a!.status).toContain("has no model 'no-such-embedder' or no embeddings endpoint at this address")
    expect(a!.status).not.toContain('chat')
  })

  it('a restart in the middle resumes the queue', async () => {
    await useOpenAi(node)
    fake.behaviour = { type: 'hang' }
    const arrived = fake.nextRequest()
    await upload(node, 'a.txt', longText('harbour', 8))
    await arrived
    node.reopen()
    expect((await files(node))[0]!.status).toBe('processing')
    fake.behaviour = { type: 'ok' }
    await waitFor(node, allReady)
  })

  it('a provider that takes the batch and never answers is given up after the time-out: the file says why, and a retry embeds it', async () => {
    const t = tempDir()
    const patient = startTestNode(t.dir, { vectorFs: { queue: { ...QUICK.vectorFs!.queue, callTimeoutMs: 300 } } })
    try {
      await useOpenAi(patient)
      fake.behaviour = { type: 'hang' }
      const arrived = fake.nextRequest()
      await upload(patient, 'a.txt', 'words the server sits on')
      await arrived
      // Not tried again (each try would wait as long): failed with a reason, not processing for ever.
      const fs = await waitFor(patient, (all) => all.length === 1 && all[0]!.status !== 'processing')
      expect(fs[0]!.status).toBe(
        'failed: The embedding server did not answer within 300 ms. Check that it is running and that the model is loaded.'
      )
      expect(fake.requests).toHaveLength(1)
      fake.behaviour = { type: 'ok' }
      expect((await patient.post('/v2/retry_failed_embeddings', {})).body).toEqual({ queued: 1 })
      await waitFor(patient, allReady)
      expect(fake.requests).toHaveLength(2)
    } finally {
      await patient.close()
      t.cleanup()
    }
  })

  /**
   * Uploads draft.txt and, while the provider holds its batch, replaces it under the same name (deleted,
   * uploaded again with new text). Returns what lets the provider answer the held batch.
   */
  async function replaceDraftWhileEmbedding(): Promise<() => void> {
    await useOpenAi(node)
    let answer!: () => void
    fake.behaviour = { type: 'wait', until: new Promise<void>((r) => (answer = r)) }
    const arrived = fake.nextRequest()
    await upload(node, 'draft.txt', 'The old draft talks about harbour fees.')
    await arrived
    expect((await node.post('/v2/delete_item', { path: '/draft.txt' })).status).toBe(200)
    await upload(node, 'draft.txt', 'The final version covers parking permits.')
    return answer
  }

  it('a file deleted and uploaded again while its passages are being embedded gets the vectors of its new text, not of the old one', async () => {
    const answer = await replaceDraftWhileEmbedding()
    fake.behaviour = { type: 'ok' }
    answer()
    await waitFor(node, allReady)
    const exported = (await node.get('/v2/retrieve_vector_resource', { path: '/draft.txt' })).body as {
      vrkai: { resource: { Document: { nodes: { content: { Text: string } }[]; embeddings: { vector: number[] }[] } } }
    }
    const doc = exported.vrkai.resource.Document
    expect(doc.nodes.map((n) => n.content.Text)).toEqual(['The final version covers parking permits.'])
    const norm = (v: number[]) => {
      const n = Math.hypot(...v)
      return v.map((x) => Math.round((x / n) * 1e4) / 1e4)
    }
    expect(norm(doc.embeddings[0]!.vector)).toEqual(norm(fakeVector('The final version covers parking permits.', 64)))
  })

  it('the failure of a batch sent before a file was deleted and uploaded again does not mark the new file failed', async () => {
    const answer = await replaceDraftWhileEmbedding()
    fake.behaviour = { type: 'fail', status: 400, times: 1 }
    answer()
    const [draft] = await waitFor(node, (fs) => fs[0]?.status !== 'processing')
    expect(draft).toMatchObject({ status: 'ready', has_embeddings: true })
  })

  it('a provider that stops answering holds one search for the time-out; the searches after it use keywords at once, for a while', async () => {
    const t = tempDir()
    // A time-out well above what a keyword search takes on a loaded machine, so that "the second search did
    // not wait for it" is told apart by time (with 400 ms, the bound left for the second search was 300 ms).
    const TIMEOUT_MS = 1500
    const patient = startTestNode(t.dir, { vectorFs: { queue: QUICK.vectorFs!.queue, queryTimeoutMs: TIMEOUT_MS, queryRetryMs: 60_000 } })
    try {
      await useOpenAi(patient)
      await upload(patient, 'boiler.txt', 'The boiler is serviced every October.')
      await waitFor(patient, allReady)
      fake.behaviour = { type: 'hang' }
      const asked = fake.requests.length
      const search = async (text: string) => {
        const started = performance.now()
        const res = await patient.post('/v2/search_items', { search: text })
        return { ms: performance.now() - started, paths: (res.body as SearchResult[]).map((r) => r.path) }
      }
      const first = await search('boiler service')
      expect(first.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
      expect(first.paths).toEqual(['/boiler.txt'])
      const second = await search('October boiler')
      expect(second.paths).toEqual(['/boiler.txt'])
      expect(second.ms).toBeLessThan(TIMEOUT_MS - 500)
      // Only the first search asked the provider.
      expect(fake.requests.length).toBe(asked + 1)
    } finally {
      await patient.close()
      t.cleanup()
    }
  })

  it('questions embedded to another length than the library twice in a row (the model behind the name swapped): the library is embedded again, and search by meaning works again', async () => {
    await useOpenAi(node)
    await upload(node, 'garage.txt', longText('car repair', 3))
    await upload(node, 'clinic.txt', 'The doctor sees patients on Mondays.')
    await waitFor(node, allReady)
    fake.dimension = 32
    // These searches go by keywords alone ("physician" is in no file: nothing). One odd reply is let be;
    // a second in a row has the files embedded anew.
    const first = (await node.post('/v2/search_items', { search: 'physician' })).body as SearchResult[]
    expect(first).toEqual([])
    expect((await files(node)).every((f) => f.status === 'ready' && f.has_embeddings)).toBe(true)
    expect((await node.post('/v2/search_items', { search: 'physician' })).body).toEqual([])
    expect((await files(node)).every((f) => f.status === 'processing')).toBe(true)
    await waitFor(node, allReady)
    const hits = (await node.post('/v2/search_items', { search: 'physician' })).body as SearchResult[]
    expect(hits[0]?.path).toBe('/clinic.txt')
  })

  it('a file with no text (empty, or a scan without a text layer) is ready but not said to be embedded, at upload and after a model change', async () => {
    await useOpenAi(node)
    await upload(node, 'empty.txt', '')
    await upload(node, 'notes.txt', 'Some words to embed.')
    const byName = async () => new Map((await waitFor(node, (fs) => fs.every((f) => f.status === 'ready'))).map((f) => [f.name, f]))
    let now = await byName()
    expect(now.get('empty.txt')).toMatchObject({ status: 'ready', has_embeddings: false })
    await waitFor(node, (fs) => fs.find((f) => f.name === 'notes.txt')?.has_embeddings === true)
    await node.post('/v2/update_default_embedding_model', { provider_id: 'emb', model: 'text-embedding-3-large' })
    await waitFor(node, (fs) => fs.find((f) => f.name === 'notes.txt')?.has_embeddings === true)
    now = await byName()
    expect(now.get('empty.txt')).toMatchObject({ status: 'ready', has_embeddings: false })
  })

  it('changing the model embeds everything again with the new one (a new dimension too)', async () => {
    await useOpenAi(node)
    await upload(node, 'a.txt', longText('bridge', 3))
    await upload(node, 'b.txt', 'a second file')
    await waitFor(node, allReady)
    const ollama = await startFakeEmbeddings(32)
    try {
      await addProvider(node, 'llama', { model: { Ollama: { model_type: 'llama3.2' } }, external_url: ollama.url })
      await node.post('/v2/update_default_embedding_model', { provider_id: 'llama', model: 'mxbai-embed-large' })
      expect((await files(node)).every((f) => f.status === 'processing' && !f.has_embeddings)).toBe(true)
      await waitFor(node, allReady)
      const passages = node.store.db.prepare('SELECT count(*) AS n FROM vfs_passages').get() as { n: number }
      expect(ollama.requests.reduce((n, r) => n + r.input.length, 0)).toBe(passages.n)
      const exported = (await node.get('/v2/retrieve_vector_resource', { path: '/b.txt' })).body as {
        vrkai: { resource: { Document: { embeddings: { vector: number[] }[] } } }
      }
      expect(exported.vrkai.resource.Document.embeddings[0]!.vector).toHaveLength(32)
      // Clearing the model: keywords only again.
      await node.post('/v2/update_default_embedding_model', { provider_id: null, model: null })
      expect((await files(node)).every((f) => f.status === 'ready' && !f.has_embeddings)).toBe(true)
    } finally {
      await ollama.close()
    }
  })
})
