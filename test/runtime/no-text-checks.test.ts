import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provider } from '../support/fixtures'
import { startMockLlm, type MockLlm } from '../support/mock-llm'
import { addProvider, expectError, startTestNode, tempDir, type TestNode } from '../support/node'

/*
 * A provider check proves the model answers: a reply with no text at all, or one asking to call a tool
 * (which the node neither offers nor runs), passed as "answered", and the provider was listed as
 * working though every question to it would end in an error note. Against the third-party
 * @dwmkerr/mock-llm server speaking OpenAI's chat-completions wire format, one reply per model name.
 */
const reply = (message: string, finish: string) => `
      status: 200
      content: |
        {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "{{jmes request body.model}}",
         "choices": [{"index": 0, "message": ${message}, "finish_reason": "${finish}"}]}`
const CONFIG = `rules:
  - path: "/v1/chat/completions"
    match: "@"
    response:${reply('{"role": "assistant", "content": "OK"}', 'stop')}
  - path: "/v1/chat/completions"
    match: "body.model == 'empty'"
    response:${reply('{"role": "assistant", "content": ""}', 'stop')}
  - path: "/v1/chat/completions"
    match: "body.model == 'tool-only'"
    response:${reply(
      '{"role": "assistant", "content": null, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Oslo\\"}"}}]}',
      'tool_calls'
    )}
`

let mock: MockLlm
let node: TestNode
let cleanup: () => void
beforeAll(async () => {
  mock = await startMockLlm(CONFIG)
  const t = tempDir()
  cleanup = t.cleanup
  node = startTestNode(t.dir, { runtime: { timeouts: { firstChunkMs: 5000, idleMs: 5000 } } })
})
afterAll(async () => {
  await node.close()
  await mock.close()
  cleanup()
})

const settings = (id: string, model: string) => provider(id, { external_url: mock.url, model: { OpenAI: { model_type: model } } })
const server = () => `The OpenAI-compatible server at ${mock.url}`

describe('a provider check that gets no text back fails, saying so', () => {
  it('a reply whose content is empty', async () => {
    expectError(
      await node.post('/v2/test_llm_provider', settings('empty', 'empty')),
      502,
      `${server()} returned an empty answer from model 'empty'. Try again, or choose another model.`
    )
  })

  it('a reply holding only a tool call: named, and kept as the stored provider failing its check', async () => {
    const message = `${server()} returned no answer from model 'tool-only': the model asked to call a tool ("get_weather") instead of answering, and Nodedesk does not support tools, so there is no text. Try again, or choose another model.`
    expectError(await node.post('/v2/test_llm_provider', settings('tools', 'tool-only')), 502, message)

    await addProvider(node, 'tools', { external_url: mock.url, model: { OpenAI: { model_type: 'tool-only' } } })
    expectError(await node.post('/v2/check_llm_provider', { llm_provider_id: 'tools' }), 502, message)
    const listed = (await node.get('/v2/available_llm_providers')).body as { id: string; last_check: unknown }[]
    expect(listed.find((p) => p.id === 'tools')!.last_check).toMatchObject({ ok: false, message })
  })

  it('a reply with text still passes', async () => {
    expect(await node.post('/v2/test_llm_provider', settings('works', 'gpt-4o'))).toEqual({
      status: 200,
      body: { status: 'success', message: `${server()} answered with model 'gpt-4o': "OK"` }
    })
    await addProvider(node, 'works', { external_url: mock.url, model: { OpenAI: { model_type: 'gpt-4o' } } })
    expect((await node.post('/v2/check_llm_provider', { llm_provider_id: 'works' })).status).toBe(200)
    const listed = (await node.get('/v2/available_llm_providers')).body as { id: string; last_check: unknown }[]
    expect(listed.find((p) => p.id === 'works')!.last_check).toMatchObject({ ok: true })
  })
})
