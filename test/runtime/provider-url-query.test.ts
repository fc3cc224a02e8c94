import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
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

/** A provider address whose query carries secrets (a proxy's key, a signature) beside a value that is none. */
const SECRET_QUERY = 'api-version=2024-10-21&key=proxy-secret-42&sig=a%2Bb%3Dc%2Fsigned'
/** The query's secrets, as written and decoded. */
const SECRETS = ['proxy-secret-42', 'a%2Bb%3Dc%2Fsigned', 'a+b=c/signed']

/** A server on 127.0.0.1 for each test of the block, answering with `handle`; its base URL. */
function useServer(handle: (req: IncomingMessage, res: ServerResponse) => void): () => string {
  let server: Server
  let url = ''
  beforeEach(async () => {
    server = createServer(handle)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return () => url
}

describe("a server that echoes the request's address in its errors", () => {
  // Many gateways and proxies name the path they could not serve, query string and all: the
  // secrets a query carries (a proxy's key, a signature) must not reach the operator's messages or the log.
  const echoUrl = useServer((req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: { message: `No route for ${req.method} ${req.url} (decoded: ${decodeURIComponent(req.url ?? '')})` } }))
  })

  it("keeps the query's values out of the error note, the test's message and the log", async () => {
    const settings = { model: { OpenAI: { model_type: 'model-a' } }, external_url: `${echoUrl()}/v1?${SECRET_QUERY}`, api_key: 'sk-test' }
    await addProvider(node, 'echo', settings)
    const jobId = await createJob(node, 'echo')
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hi' })
    const [, note] = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1)
    const tested = await node.post('/v2/test_llm_provider', provider('echo', settings))
    const listed = await node.get('/v2/provider_models', { llm_provider_id: 'echo' })

    // The server's words are still quoted, only the secrets are taken out.
    expect(note!.job_message.content).toContain('No route for POST /v1/chat/completions')
    expect(tested.status).toBe(502)
    for (const text of [note!.job_message.content, JSON.stringify(tested.body), JSON.stringify(listed.body), node.log.lines.join('\n')]) {
      for (const secret of SECRETS) expect(text).not.toContain(secret)
    }
  })
})

describe("a server that echoes the request's address in its answers", () => {
  // A gateway or proxy that repeats the address it was sent (a debugging echo, a misconfigured
  // rewrite) in a reply that succeeds: the query's secrets must not reach the answer (stored,
  // streamed, exported), the test's and the check's messages, or the model names, as they did not
  // reach error messages. Only the key was taken out of those.
  const echoUrl = useServer((req, res) => {
    const said = `You called ${req.url} (decoded: ${decodeURIComponent(req.url ?? '')})`
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ object: 'list', data: [{ id: `model-a ${said}`, object: 'model' }] }))
      return
    }
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      const chunk = (delta: object, finish: string | null) =>
        `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'model-a', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
      if ((JSON.parse(body) as { stream?: boolean }).stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        // The secrets split across the stream's pieces.
        for (let at = 0; at < said.length; at += 5) res.write(chunk({ content: said.slice(at, at + 5) }, null))
        res.end(`${chunk({}, 'stop')}data: [DONE]\n\n`)
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          id: 'c',
          object: 'chat.completion',
          created: 1,
          model: 'model-a',
          choices: [{ index: 0, message: { role: 'assistant', content: said }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 }
        })
      )
    })
  })

  it("keeps the query's values out of the answer, the test, the check and the model list", async () => {
    const settings = { model: { OpenAI: { model_type: 'model-a' } }, external_url: `${echoUrl()}/v1?${SECRET_QUERY}` }
    await addProvider(node, 'echo', settings)
    const jobId = await createJob(node, 'echo')
    const inbox = `job_inbox::${jobId}::false`
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hi' })
    const [, answer] = await waitForAnswers(node, inbox, 1)
    const tested = await node.post('/v2/test_llm_provider', provider('echo', settings))
    const checked = await node.post('/v2/check_llm_provider', { llm_provider_id: 'echo' })
    const providers = await node.get('/v2/available_llm_providers')
    const listed = await node.get('/v2/provider_models', { llm_provider_id: 'echo' })
    const exported = await node.post('/v2/export_messages_from_inbox', { inbox_name: inbox, format: 'txt' })

    // The server's words are kept, only the secrets are taken out.
    expect(answer!.job_message.error ?? false).toBe(false)
    expect(answer!.job_message.content).toContain('You called /v1/chat/completions?api-version=2024-10-21&key=[redacted]')
    expect(listed.status).toBe(200)
    expect(JSON.stringify(listed.body)).toContain('model-a You called /v1/models')
    const texts = [answer!.job_message.content, tested.body, checked.body, providers.body, listed.body, exported.body].map((b) =>
      typeof b === 'string' ? b : JSON.stringify(b)
    )
    for (const text of [...texts, node.log.lines.join('\n')]) for (const secret of SECRETS) expect(text).not.toContain(secret)
  })
})
