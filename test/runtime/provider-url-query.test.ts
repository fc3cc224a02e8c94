import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { waitForAnswers } from '../support/answers'
import { startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings'
import { provider } from '../support/fixtures'
import { addProvider, createJob, useFakeLlm, useTestNode } from '../support/node'

/*
 * An Azure OpenAI-style gateway needs `?api-version=...` on every call, some proxies `?key=...`: the
 * query string of external_url is sent on every request to that provider, whichever SDK makes it.
 * The fragment is not. Before, the SDKs and the model listing were given the URL without its query,
 * and every call went to the path alone (the gateway answers 404 there).
 */
const QUERY = 'api-version=2024-10-21&key=proxy-secret'
const fake = useFakeLlm(['model-a'])
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 } } })

const KINDS = [
  ['OpenAI', '/v1'],
  ['Claude', '/v1'],
  ['Gemini', '/v1beta'],
  ['Ollama', '']
] as const

describe.each(KINDS)('%s: an external_url with a query string', (kind, base) => {
  const settings = () => ({
    model: { [kind]: { model_type: 'model-a' } },
    external_url: `${fake.url}${base}?${QUERY}#not-sent`,
    api_key: 'sk-test'
  })

  it('carries it on the answer, the test, the check and the model listing', async () => {
    await addProvider(node, 'p1', settings())
    const jobId = await createJob(node, 'p1')
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hi' })
    const [, answer] = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1)
    expect(answer!.job_message.error ?? false).toBe(false)
    expect((await node.post('/v2/test_llm_provider', provider('p1', settings()))).status).toBe(200)
    expect((await node.post('/v2/check_llm_provider', { llm_provider_id: 'p1' })).status).toBe(200)
    const listed = await node.get('/v2/provider_models', { llm_provider_id: 'p1' })
    expect(listed.status, JSON.stringify(listed.body)).toBe(200)

    // The listing (GET) and the three chat calls (POST) all reached the server.
    expect(fake.requests.filter((r) => r.method === 'GET')).not.toEqual([])
    expect(fake.requests.filter((r) => r.method === 'POST').length).toBeGreaterThanOrEqual(3)
    const paths = fake.requests.map((r) => r.path)
    for (const path of paths) {
      const params = new URL(path, 'http://x').searchParams
      expect(params.get('api-version'), path).toBe('2024-10-21')
      expect(params.get('key'), path).toBe('proxy-secret')
      expect(path, path).not.toContain('not-sent')
    }
  })
})

it('sends the query string exactly as written, encoded characters and all (a signature over it still matches)', async () => {
  const signed = 'sv=2024-10-21&sig=a%20b%2Bc%3D&note=x~y'
  await addProvider(node, 'signed', {
    model: { OpenAI: { model_type: 'model-a' } },
    external_url: `${fake.url}/v1?${signed}`,
    api_key: 'sk-test'
  })
  const jobId = await createJob(node, 'signed')
  await node.post('/v2/job_message', { job_id: jobId, content: 'Hi' })
  await waitForAnswers(node, `job_inbox::${jobId}::false`, 1)
  const chat = fake.requests.find((r) => r.method === 'POST')
  expect(chat?.path).toBe(`/v1/chat/completions?${signed}`)
})

describe('embeddings through a provider whose external_url has a query string', () => {
  let embeddings: FakeEmbeddings
  beforeEach(async () => {
    embeddings = await startFakeEmbeddings(16)
  })
  afterEach(() => embeddings.close())

  it.each([
    ['OpenAI', '/v1', 'text-embedding-3-small'],
    ['Ollama', '', 'nomic-embed-text'],
    ['Gemini', '/v1beta', 'text-embedding-004']
  ])('%s: every embedding request carries it', async (kind, base, model) => {
    await addProvider(node, 'emb', {
      model: { [kind]: { model_type: model } },
      external_url: `${embeddings.url}${base}?${QUERY}#not-sent`,
      api_key: 'sk-e'
    })
    expect((await node.post('/v2/update_default_embedding_model', { provider_id: 'emb', model })).status).toBe(200)
    const asked = embeddings.nextRequest()
    const res = await node.post('/v2/upload_file_to_folder', {
      path: '/',
      filename: 'a.txt',
      file_data: new TextEncoder().encode('Fridays.')
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const request = await asked
    expect(new URLSearchParams(request.search).get('api-version')).toBe('2024-10-21')
    expect(new URLSearchParams(request.search).get('key')).toBe('proxy-secret')
  })
})
