import { describe, expect, it } from 'vitest'
import { useLoopbackServer } from '../support/loopback-server'
import { provider } from '../support/fixtures'
import { useTestNode } from '../support/node'

/*
 * A web server's page (or nothing) in the place of Ollama's whole chat reply (a reverse proxy's welcome
 * page at the provider's URL): the check said only "sent a reply that is not a chat answer", where the
 * Claude, Gemini and OpenAI-compatible readers say what came, its type and how it starts.
 */

let reply = { type: 'text/html; charset=utf-8', body: '' }
const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, reply.type ? { 'Content-Type': reply.type } : {})
    res.end(reply.body)
  })
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 4000, idleMs: 4000, unstreamedMs: 4000 } } })
const check = () => node.post('/v2/test_llm_provider', provider('p1', { model: { Ollama: { model_type: 'm' } }, external_url: local.url }))

describe('a page, not JSON, in the place of an Ollama test reply', () => {
  it('an HTML page: 502 saying its type and how it starts', async () => {
    reply = { type: 'text/html; charset=utf-8', body: '<!doctype html><html><body>Welcome to nginx!</body></html>' }
    const res = await check()
    expect(res.status).toBe(502)
    expect((res.body as { message: string }).message).toContain(
      'sent a reply that is not a chat answer (it is not JSON but text/html, starting "<!doctype html><html><body>Welcome to nginx!</body></html>").'
    )
  })

  it('a long page is said by its first 60 characters only', async () => {
    reply = { type: 'text/plain', body: `  ${'x'.repeat(200)}` }
    const res = await check()
    expect(res.status).toBe(502)
    expect((res.body as { message: string }).message).toContain(`(it is not JSON but text/plain, starting "${'x'.repeat(60)}")`)
  })

  it('an empty 200 is said to be empty', async () => {
    reply = { type: '', body: '' }
    const res = await check()
    expect(res.status).toBe(502)
    expect((res.body as { message: string }).message).toContain('sent a reply that is not a chat answer (it is empty).')
  })
})
