import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { HttpServer } from '../../src/main/transports/http'
import { provider } from '../support/fixtures'
import { postJson } from '../support/http-post'
import { useLoopbackServer } from '../support/loopback-server'
import { serveUploadsOverHttp, useTestNode } from '../support/node'

/*
 * test_llm_provider caps the reply to its "Reply with the single word OK." at 64 tokens. Ollama's
 * native /api/chat reads that cap from options.num_predict only; the SDK wrote it as a top-level
 * max_output_tokens, which Ollama ignores, so a local model that kept on writing ran until the
 * 120 s time-out and the test said the server did not answer.
 */
const chatBodies: Record<string, unknown>[] = []
const ollama = useLoopbackServer((req, res) => {
  let body = ''
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
  req.on('end', () => {
    chatBodies.push(JSON.parse(body) as Record<string, unknown>)
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(
      JSON.stringify({ model: 'llama3.2', created_at: '2024-01-01T00:00:00Z', message: { role: 'assistant', content: 'OK' }, done: true })
    )
  })
})

const TOKEN = 'ollama-cap-token'
const node = useTestNode()
let server: HttpServer
beforeEach(async () => {
  chatBodies.length = 0
  server = await serveUploadsOverHttp(node, TOKEN, 1024 * 1024)
})
afterEach(() => server.close())

describe('test_llm_provider for an Ollama provider, over HTTP', () => {
  it('sends the reply cap as options.num_predict, where Ollama reads it', async () => {
    const { api_key: _key, ...ollamaProvider } = provider('local-llama', {
      model: { Ollama: { model_type: 'llama3.2' } },
      external_url: ollama.url
    })
    const res = await postJson(server.url, TOKEN, '/v2/test_llm_provider', ollamaProvider)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(chatBodies).toHaveLength(1)
    expect(chatBodies[0]).toMatchObject({ options: { num_predict: 64 } })
  })
})
