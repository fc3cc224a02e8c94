import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { ProviderFailure } from '../../src/main/runtime/provider-errors'
import { listModels } from '../../src/main/runtime/provider-gateway'

/** `GET /v1/models` replies of OpenAI-compatible servers, as their documentation shows them. */
const LISTS: Record<string, string> = {
  // llama.cpp's llama-server: OpenAI's `data` plus an Ollama-style `models` array.
  'llama.cpp': JSON.stringify({
    models: [{ name: 'qwen2.5-7b-instruct-q4_k_m.gguf', model: 'qwen2.5-7b-instruct-q4_k_m.gguf', modified_at: '', size: '', digest: '' }],
    object: 'list',
    data: [
      { id: 'qwen2.5-7b-instruct-q4_k_m.gguf', object: 'model', created: 1727895637, owned_by: 'llamacpp', meta: { n_ctx_train: 32768 } }
    ]
  }),
  'LM Studio': JSON.stringify({ data: [{ id: 'qwen3-8b', object: 'model', owned_by: 'organization_owner' }], object: 'list' }),
  vLLM: JSON.stringify({
    object: 'list',
    data: [
      {
        id: 'meta-llama/Llama-3.1-8B-Instruct',
        object: 'model',
        created: 1747000000,
        owned_by: 'vllm',
        root: 'x',
        parent: null,
        max_model_len: 8192
      }
    ]
  }),
  // A proxy that sends the bare array.
  'bare array': JSON.stringify([{ id: 'gpt-4o-mini' }, { id: 'gpt-4o' }])
}

let reply = ''
const local = useLoopbackServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' })
  res.end(reply)
})

const list = () => listModels({ kind: 'OpenAI', model: '', baseUrl: `${local.url}/v1` }, 2000)

describe('model lists of OpenAI-compatible servers', () => {
  it.each(Object.entries(LISTS))('%s', async (_server, body) => {
    reply = body
    const models = await list()
    expect(models.length).toBeGreaterThan(0)
    for (const m of models) expect(m.id).toBe(m.name)
    expect(new Set(models.map((m) => m.id)).size).toBe(models.length)
  })

  it('lists models in the order a person reads them: numbers by value, then by name, each once', async () => {
    const ids = ['model-10', 'model-2', 'llama3.1:70b', 'model-1', 'llama3.1:8b', 'Model-3', 'model-2', 'gpt-4o-mini', 'gpt-4o']
    reply = JSON.stringify({ object: 'list', data: ids.map((id) => ({ id, object: 'model' })) })
    expect((await list()).map((m) => m.id)).toEqual([
      'gpt-4o',
      'gpt-4o-mini',
      'llama3.1:8b',
      'llama3.1:70b',
      'model-1',
      'model-2',
      'Model-3',
      'model-10'
    ])
  })

  it("an error in a 200 reply is reported with the server's words", async () => {
    reply = JSON.stringify({ error: 'Unexpected endpoint or method. (GET /v1/models)' })
    const failure = await list().catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ProviderFailure)
    expect((failure as ProviderFailure).message).toBe(
      `The OpenAI-compatible server at ${local.url}/v1 reported an error: "Unexpected endpoint or method. (GET /v1/models)". Try again; if it keeps failing, look at the server's log.`
    )
  })
})
