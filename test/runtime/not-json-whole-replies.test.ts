import { describe, expect, it } from 'vitest'
import { useLoopbackServer } from '../support/loopback-server'
import { useTestNode } from '../support/node'

/*
 * A web server's page at a Claude or Gemini provider's URL (a reverse proxy's welcome page, a login
 * page): the test said only "sent a reply that is not a chat answer", where the OpenAI-compatible one
 * says what came ("it is not JSON but text/html, starting …"), which tells the operator what is there.
 */

let page = '<!doctype html><html><body>Welcome to nginx!</body></html>'
const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(page)
  })
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 4000, idleMs: 4000, unstreamedMs: 4000 } } })

const provider = (kind: string, url: string) => ({
  id: 'p1',
  full_identity_name: {
    node_name: '@@localhost.sep-shinkai',
    profile_name: 'main',
    subidentity_type: 'Agent',
    subidentity_name: 'p1',
    full_name: '@@localhost.sep-shinkai/main/agent/p1'
  },
  perform_locally: false,
  external_url: url,
  api_key: 'key-not-json-0123456789',
  model: { [kind]: { model_type: 'm' } },
  toolkit_permissions: [],
  storage_bucket_permissions: [],
  allowed_message_senders: []
})

describe('a page, not JSON, in the place of a Claude or Gemini test reply', () => {
  it.each([
    ['Claude', '/v1', 'Anthropic Claude', 'for most servers it ends in /v1'],
    ['Gemini', '/v1beta', 'Google Gemini', 'for Gemini it ends in /v1beta, e.g. https://generativelanguage.googleapis.com/v1beta']
  ])('%s: 502 saying what came', async (kind, path, subject, hint) => {
    page = '<!doctype html><html><body>Welcome to nginx!</body></html>'
    const res = await node.post('/v2/test_llm_provider', provider(kind, local.url + path))
    expect(res.status).toBe(502)
    expect((res.body as { message: string }).message).toBe(
      `${subject} at ${local.url}${path} sent a reply that is not a chat answer ` +
        `(it is not JSON but text/html, starting "<!doctype html><html><body>Welcome to nginx!</body></html>"). ` +
        `Check that the URL is the API base (${hint}).`
    )
  })

  it('an empty 200 is said to be empty', async () => {
    page = ''
    const res = await node.post('/v2/test_llm_provider', provider('Claude', `${local.url}/v1`))
    expect(res.status).toBe(502)
    expect((res.body as { message: string }).message).toContain('sent a reply that is not a chat answer (it is empty).')
  })
})
