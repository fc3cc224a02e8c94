import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { HttpServer } from '../../src/main/transports/http'
import { provider } from '../support/fixtures'
import { postJson } from '../support/http-post'
import { useLoopbackServer } from '../support/loopback-server'
import { serveUploadsOverHttp, useTestNode } from '../support/node'

/*
 * An Ollama server answers its native /api/chat at its own address; /v1 is its OpenAI-style API.
 * A provider of kind Ollama given http://host:11434/v1 calls /v1/api/chat and gets Ollama's 404.
 * The advice said to check that the URL "ends in /v1": what the user had typed, and the mistake.
 */
const ollama = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    if (req.url === '/api/chat') {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(
        JSON.stringify({ model: 'llama3.2', created_at: '2024-01-01T00:00:00Z', message: { role: 'assistant', content: 'OK' }, done: true })
      )
      return
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' })
    res.end('404 page not found')
  })
})

const TOKEN = 'ollama-url-token'
const node = useTestNode()
let server: HttpServer
beforeEach(async () => {
  server = await serveUploadsOverHttp(node, TOKEN, 1024 * 1024)
})
afterEach(() => server.close())

const ollamaProvider = (url: string) => {
  const { api_key: _key, ...rest } = provider('local-llama', { model: { Ollama: { model_type: 'llama3.2' } }, external_url: url })
  return rest
}

describe('test_llm_provider for an Ollama provider given the OpenAI-style /v1 address, over HTTP', () => {
  it('says to give the server address without /v1, not that it should end in /v1', async () => {
    const res = await postJson(server.url, TOKEN, '/v2/test_llm_provider', ollamaProvider(`${ollama.url}/v1`))
    expect(res.status).toBe(502)
    const { message } = res.body as { message: string }
    expect(message).toContain(`The Ollama server at ${ollama.url}/v1 has no model 'llama3.2' or no chat endpoint at this address`)
    expect(message).toContain("Check that the URL is the Ollama server's own address, without /v1 or /api (e.g. http://127.0.0.1:11434).")
    expect(message).not.toContain('ends in /v1')
  })

  it('works with the server address itself', async () => {
    const res = await postJson(server.url, TOKEN, '/v2/test_llm_provider', ollamaProvider(ollama.url))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  })
})
