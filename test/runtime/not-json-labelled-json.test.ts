import { describe, expect, it } from 'vitest'
import { useLoopbackServer } from '../support/loopback-server'
import { provider as fixtureProvider } from '../support/fixtures'
import { useTestNode } from '../support/node'

/*
 * A server that labels its reply application/json but sends something else (a proxy's page, a broken
 * gateway): the check said "it is not JSON but application/json, starting …", which contradicts itself.
 * It now says the reply is labelled JSON but is not.
 */

const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' })
    res.end('<html>hello</html>')
  })
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 4000, idleMs: 4000, unstreamedMs: 4000 } } })

const provider = (kind: string, url: string) =>
  fixtureProvider('p1', { external_url: url, api_key: 'key-not-json-0123456789', model: { [kind]: { model_type: 'm' } } })

describe('a reply labelled JSON that is not JSON, in the place of a test reply', () => {
  it.each([
    ['OpenAI', 'The OpenAI-compatible server'],
    ['Claude', 'Anthropic Claude'],
    ['Ollama', 'The Ollama server']
  ])('%s: says it is labelled JSON but is not', async (kind, subject) => {
    const res = await node.post('/v2/test_llm_provider', provider(kind, `${local.url}/v1`))
    expect(res.status).toBe(502)
    const message = (res.body as { message: string }).message
    expect(message).toContain(subject)
    expect(message).toContain('(it is labelled application/json but is not JSON, starting "<html>hello</html>")')
    expect(message).not.toContain('not JSON but application/json')
  })
})
