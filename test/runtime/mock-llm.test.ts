import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provider } from '../support/fixtures'
import { waitForAnswers } from '../support/answers'
import { startMockLlm, type MockLlm } from '../support/mock-llm'
import { addProvider, createJob, expectError, startTestNode, tempDir, type TestNode } from '../support/node'

/*
 * Against the third-party @dwmkerr/mock-llm server, whose replies leave out `choices[].index`,
 * `created` and `usage` (they used to fail with "OpenAI failed (200)").
 */
let mock: MockLlm
let node: TestNode
let cleanup: () => void
beforeAll(async () => {
  mock = await startMockLlm()
  const t = tempDir()
  cleanup = t.cleanup
  node = startTestNode(t.dir, { runtime: { timeouts: { firstChunkMs: 5000, idleMs: 5000 } } })
})
afterAll(async () => {
  await node.close()
  await mock.close()
  cleanup()
})

describe('@dwmkerr/mock-llm', () => {
  it('"Test & add": test_llm_provider succeeds with the echoed reply', async () => {
    const res = await node.post(
      '/v2/test_llm_provider',
      provider('mock', { external_url: mock.url, model: { OpenAI: { model_type: 'gpt-4' } } })
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      status: 'success',
      message: `The OpenAI-compatible server at ${mock.url} answered with model 'gpt-4': "Reply with the single word OK."`
    })
  })

  it("lists the server's models for the wizard's model step", async () => {
    const res = await node.get('/v2/provider_models', { kind: 'OpenAI', external_url: mock.url })
    expect(res).toEqual({ status: 200, body: { models: [{ id: 'gpt-5.2', name: 'gpt-5.2' }] } })
  })

  it.each([true, false])('answers a job message (stream %s)', async (stream) => {
    const id = `mock-${stream}`
    await addProvider(node, id, { external_url: mock.url, model: { OpenAI: { model_type: 'gpt-4' } } })
    const jobId = await createJob(node, id)
    const inboxId = `job_inbox::${jobId}::false`
    const config = { custom_prompt: '', temperature: 0.7, seed: 0, top_k: 40, top_p: 0.9, stream, other_model_params: null }
    expect((await node.post('/v2/update_job_config', { job_id: jobId, config })).status).toBe(200)
    await node.post('/v2/job_message', { job_id: jobId, content: 'Echo this back, please.' })
    const [, answer] = await waitForAnswers(node, inboxId, 1, 10_000)
    expect(answer!.job_message.error).toBeUndefined()
    expect(answer!.job_message.content).toBe('Echo this back, please.')
  })

  it('a 401 rule: its reason as a sentence, and inside a 200 stream the same advice from its code, with no invented status', async () => {
    const strict = await startMockLlm(`rules:
  - path: "/v1/chat/completions"
    match: "@"
    response:
      status: 401
      content: '{"error": {"message": "Incorrect API key provided.", "type": "invalid_request_error", "param": null, "code": "invalid_api_key"}}'
`)
    try {
      const res = await node.post('/v2/test_llm_provider', provider('strict', { external_url: strict.url, api_key: 'sk-mock-KEY-1234' }))
      expectError(
        res,
        502,
        `The OpenAI-compatible server at ${strict.url} rejected the API key (HTTP 401: "Incorrect API key provided."). Check the key in the provider's settings, or enter a new one.`
      )
      // Streaming, mock-llm sends the same error inside a 200 event stream: the note carries its
      // message and, from its code (invalid_api_key), the same advice as a 401 (check the key, not
      // "try again"), with no status the server never sent.
      await addProvider(node, 'strict', { external_url: strict.url, api_key: 'sk-mock-KEY-1234' })
      const jobId = await createJob(node, 'strict')
      await node.post('/v2/job_message', { job_id: jobId, content: 'Hello?' })
      const [, note] = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 10_000)
      expect(note!.job_message.error).toEqual({ kind: 'auth' })
      expect(note!.job_message.content).toBe(
        `⚠ The OpenAI-compatible server at ${strict.url} rejected the API key ("Incorrect API key provided."). Check the key in the provider's settings, or enter a new one.`
      )
      // Without a key, it asks for one.
      await addProvider(node, 'keyless', { external_url: strict.url })
      const keyless = await createJob(node, 'keyless')
      await node.post('/v2/job_message', { job_id: keyless, content: 'Hello?' })
      const [, asked] = await waitForAnswers(node, `job_inbox::${keyless}::false`, 1, 10_000)
      expect(asked!.job_message.content).toBe(
        `⚠ The OpenAI-compatible server at ${strict.url} asks for an API key ("Incorrect API key provided."). Enter the server's key in the provider's settings.`
      )
    } finally {
      await strict.close()
    }
  })

  it('a rate limit it reports inside a 200 stream is waited out and asked again, as a 429 reply is', async () => {
    // mock-llm answers a streamed request's error rule as OpenAI streams errors: HTTP 200 and the error
    // as an event. The first request is refused so, the second answered.
    const limited = await startMockLlm(`rules:
  - path: "/v1/chat/completions"
    sequence: 0
    response:
      status: 429
      content: '{"error": {"message": "Rate limit reached for requests", "type": "requests", "code": "rate_limit_exceeded"}}'
  - path: "/v1/chat/completions"
    sequence: 1
    response:
      status: 200
      content: '{"choices": [{"message": {"role": "assistant", "content": "Second try worked"}, "finish_reason": "stop"}]}'
`)
    try {
      await addProvider(node, 'limited', { external_url: limited.url, api_key: 'sk-mock' })
      const jobId = await createJob(node, 'limited')
      await node.post('/v2/job_message', { job_id: jobId, content: 'Hello?' })
      const [, answer] = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 15_000)
      expect(answer!.job_message.error).toBeUndefined()
      expect(answer!.job_message.content).toBe('Second try worked')
    } finally {
      await limited.close()
    }
  })
})
