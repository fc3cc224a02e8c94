import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { provider } from '../support/fixtures'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { addProvider, expectError, useTestNode } from '../support/node'

const KEY = 'sk-gateway-SECRET-99'
let fake: FakeLlm
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 2500, idleMs: 2000 } } })
beforeEach(async () => {
  fake = await startFakeLlm(['zeta', 'alpha'])
})
afterEach(async () => {
  await fake.close()
})

describe('test_llm_provider', () => {
  it('makes one short chat call with exactly these settings and reports success', async () => {
    fake.behaviour = { type: 'reply', chunks: ['OK'] }
    const res = await node.post('/v2/test_llm_provider', provider('new', { external_url: fake.url, api_key: KEY }))
    expect(res).toEqual({
      status: 200,
      body: { status: 'success', message: `The OpenAI-compatible server at ${fake.url}/v1 answered with model 'gpt-4o-mini': "OK"` }
    })
    const [call] = fake.requests
    expect(call!.path).toBe('/v1/chat/completions')
    expect(call!.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(call!.body!.model).toBe('gpt-4o-mini')
    expect((await node.get('/v2/available_llm_providers')).body).toEqual([]) // testing saves nothing
  })

  it('uses the stored key when api_key is absent (testing an edit)', async () => {
    await addProvider(node, 'saved', { external_url: fake.url, api_key: KEY })
    expect((await node.post('/v2/test_llm_provider', provider('saved', { external_url: fake.url }))).status).toBe(200)
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`)
  })

  it('502 carries the provider reason and never the key; 504 on time-out; 400 without a needed key', async () => {
    fake.behaviour = { type: 'status', status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}` } } }
    const refused = await node.post('/v2/test_llm_provider', provider('new', { external_url: fake.url, api_key: KEY }))
    expectError(refused, 502, 'rejected the API key (HTTP 401: "Incorrect API key provided: [redacted]")')
    expect(JSON.stringify(refused.body)).not.toContain(KEY)
    fake.behaviour = { type: 'hang' }
    expectError(
      await node.post('/v2/test_llm_provider', provider('new', { external_url: fake.url, api_key: KEY })),
      504,
      'did not answer within'
    )
    expectError(
      await node.post('/v2/test_llm_provider', provider('new', { model: { Claude: { model_type: 'c' } } })),
      400,
      'api_key: Anthropic Claude needs an API key'
    )
    expectError(
      await node.post('/v2/test_llm_provider', provider('new', { model: {} })),
      400,
      'model: expected exactly one provider kind key'
    )
    expect(node.log.lines.join('\n')).not.toContain(KEY)
  })

  it('tests Ollama without a key through /api/chat', async () => {
    const res = await node.post(
      '/v2/test_llm_provider',
      provider('o', { model: { Ollama: { model_type: 'llama3.2' } }, external_url: fake.url })
    )
    expect(res.status).toBe(200)
    expect(fake.requests[0]!.path).toBe('/api/chat')
  })
})

describe('provider_models', () => {
  it('lists an Ollama server by kind and URL (GET), sorted', async () => {
    const res = await node.get('/v2/provider_models', { kind: 'Ollama', external_url: fake.url })
    expect(res).toEqual({
      status: 200,
      body: {
        models: [
          { id: 'alpha', name: 'alpha' },
          { id: 'zeta', name: 'zeta' }
        ]
      }
    })
    expect(fake.requests[0]!.path).toBe('/api/tags')
  })

  it("lists a stored provider's models with its stored key", async () => {
    await addProvider(node, 'saved', { external_url: fake.url, api_key: KEY })
    const res = await node.get('/v2/provider_models', { llm_provider_id: 'saved' })
    expect((res.body as { models: { id: string }[] }).models.map((m) => m.id)).toEqual(['alpha', 'zeta'])
    expect(fake.requests[0]!.path).toBe('/v1/models')
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`)
  })

  it('POST takes a key typed but not saved yet (Claude and Gemini shapes)', async () => {
    const claude = await node.post('/v2/provider_models', { kind: 'Claude', external_url: fake.url, api_key: KEY })
    expect((claude.body as { models: unknown[] }).models).toHaveLength(2)
    expect(fake.requests[0]!.headers['x-api-key']).toBe(KEY)
    const gemini = await node.post('/v2/provider_models', { kind: 'Gemini', external_url: fake.url, api_key: KEY })
    expect((gemini.body as { models: { id: string; name: string }[] }).models[0]).toEqual({ id: 'alpha', name: 'ALPHA' })
  })

  it('answers 400 without kind or id, 404 for an unknown id, 502 when the provider fails', async () => {
    expectError(await node.get('/v2/provider_models'), 400, 'kind: required unless llm_provider_id')
    expectError(
      await node.get('/v2/provider_models', { llm_provider_id: 'ghost' }),
      404,
      "llm_provider_id: no LLM provider with id 'ghost'"
    )
    const closed = fake.url
    await fake.close()
    expectError(
      await node.get('/v2/provider_models', { kind: 'Ollama', external_url: closed }),
      502,
      `Could not reach the Ollama server at ${closed} (connection refused).`
    )
    fake = await startFakeLlm()
  })
})
