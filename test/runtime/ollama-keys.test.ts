import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { embedderFactory } from '../../src/main/runtime/embedding-model'
import { waitForAnswers } from '../support/answers'
import { provider } from '../support/fixtures'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * An Ollama server behind a proxy that asks for a key (or Ollama's cloud API) takes it as a bearer
 * token. The window offers the key as optional for Ollama and the node stores it: it must reach the
 * server, for chat, checks, the model list and embeddings alike. It was never sent, so such a server
 * answered 401 and the node said it had "rejected the API key".
 */

const KEY = 'ollama-proxy-KEY-0123456789'
const ol = (o: object) => JSON.stringify({ model: 'm', created_at: '2025-01-01T00:00:00Z', ...o }) + '\n'
const seen: string[] = []
const local = useLoopbackServer((req, res) => {
  let raw = ''
  req.on('data', (c: Buffer) => (raw += c.toString()))
  req.on('end', () => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? '-'}`)
    if (req.headers.authorization !== `Bearer ${KEY}`) {
      res.writeHead(401, { 'Content-Type': 'text/plain' })
      return void res.end('unauthorized')
    }
    if (req.url === '/api/tags') {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      return void res.end(JSON.stringify({ models: [{ name: 'm:latest', model: 'm:latest' }] }))
    }
    if (req.url === '/api/embed') {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      return void res.end(
        JSON.stringify({ model: 'm', embeddings: [[0.5, 0.25]], total_duration: 1, load_duration: 1, prompt_eval_count: 1 })
      )
    }
    const stream = (JSON.parse(raw) as { stream?: boolean }).stream !== false
    const last = { message: { role: 'assistant', content: stream ? '' : 'OK' }, done: true, done_reason: 'stop' }
    res.writeHead(200, { 'Content-Type': stream ? 'application/x-ndjson' : 'application/json' })
    res.end(stream ? ol({ message: { role: 'assistant', content: 'OK' }, done: false }) + ol(last) : ol(last))
  })
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 5000, idleMs: 3000 } } })
const ollama = () => ({ model: { Ollama: { model_type: 'm' } }, external_url: local.url, api_key: KEY })

describe('an Ollama provider with a key', () => {
  it('sends it as a bearer token when answering, testing, checking, listing models and embedding', async () => {
    const settings = ollama()
    await addProvider(node, 'p1', settings)
    const jobId = await createJob(node, 'p1')
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hello?' })
    const answers = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 8000)
    expect(answers[answers.length - 1]!.job_message).toMatchObject({ content: 'OK' })
    expect(answers[answers.length - 1]!.job_message.error).toBeUndefined()

    expect((await node.post('/v2/test_llm_provider', provider('p2', settings))).status).toBe(200)
    expect((await node.post('/v2/check_llm_provider', { llm_provider_id: 'p1' })).status).toBe(200)
    const listed = await node.get('/v2/provider_models', { llm_provider_id: 'p1' })
    expect(listed.body).toEqual({ models: [{ id: 'm:latest', name: 'm:latest' }] })
    const vectors = await embedderFactory(node.store)('p1', 'm').embed(['text'], new AbortController().signal)
    expect(vectors).toEqual([[0.5, 0.25]])
    expect(seen.every((s) => s.endsWith(`Bearer ${KEY}`))).toBe(true)
  })

  it('sends no Authorization header without one', async () => {
    seen.length = 0
    await addProvider(node, 'p1', { ...ollama(), api_key: undefined })
    const listed = await node.get('/v2/provider_models', { llm_provider_id: 'p1' })
    expect(listed.status).toBe(502)
    expect(seen).toEqual(['GET /api/tags -'])
  })
})
