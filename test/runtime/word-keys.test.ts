import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { waitForAnswers } from '../support/answers'
import { provider } from '../support/fixtures'
import { addProvider, createJob, useTestNode } from '../support/node'
import { chatCompletion } from '../support/completions'

/*
 * Local servers take any key, and their users set a placeholder by convention: "ollama" (Ollama's
 * OpenAI endpoint), "EMPTY" (vLLM), "none", "test", "lm-studio". Such a key is a word, not a secret:
 * it was taken out of every server text it appeared in, so "model 'ollama/llama3' not found" read
 * "model '[redacted]/llama3' not found", and an answer saying "none of them" lost its word.
 */

/** What the server says, in an error and in an answer, for the key it was given. */
const NOT_FOUND = (key: string) => `model '${key}/llama3' not found, try pulling it first`
const ANSWER = 'This is a test: none of the EMPTY boxes holds ollama or lm-studio models.'

const local = useLoopbackServer((req, res) => {
  let raw = ''
  req.on('data', (c: Buffer) => (raw += c.toString()))
  req.on('end', () => {
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '')
    const body = JSON.parse(raw) as { model: string }
    if (body.model === 'missing') {
      res.writeHead(404, { 'Content-Type': 'application/json' })
      return void res.end(JSON.stringify({ error: { message: NOT_FOUND(key), type: 'invalid_request_error', code: 'model_not_found' } }))
    }
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(chatCompletion(ANSWER, body.model)))
  })
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 5000, idleMs: 3000 } } })
const settings = (key: string, model: string) => ({
  model: { OpenAI: { model_type: model } },
  external_url: `${local.url}/v1`,
  api_key: key
})
const config = { custom_prompt: '', temperature: 0.8, top_k: 40, top_p: 0.9, stream: false, other_model_params: null }

describe('a placeholder key that is a common word', () => {
  it.each(['ollama', 'EMPTY', 'none', 'test', 'lm-studio'])('"%s": the server\'s error is quoted whole', async (key) => {
    const res = await node.post('/v2/test_llm_provider', provider('p', settings(key, 'missing')))
    expect((res.body as { message: string }).message).toContain(`"${NOT_FOUND(key)}"`)
  })

  it.each(['ollama', 'EMPTY', 'none', 'test'])('"%s": an answer using the word is stored whole', async (key) => {
    await addProvider(node, 'p1', settings(key, 'm'))
    const jobId = await createJob(node, 'p1')
    expect((await node.post('/v2/update_job_config', { job_id: jobId, config })).status).toBe(200)
    await node.post('/v2/job_message', { job_id: jobId, content: 'Which boxes hold models?' })
    const answers = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1)
    expect(answers[answers.length - 1]!.job_message.content).toBe(ANSWER)
  })

  it.each(['sk-1234', 'pass99', 'abc12345678'])(
    '"%s": a short key that is no word is still taken out of the server\'s error',
    async (key) => {
      const res = await node.post('/v2/test_llm_provider', provider('p', settings(key, 'missing')))
      const message = (res.body as { message: string }).message
      expect(message).toContain(`"model '[redacted]/llama3' not found, try pulling it first"`)
      expect(message).not.toContain(key)
    }
  )

  // api-contract.md, test_llm_provider: 502 "message carries its reason, never the key".
  it.each(['sk-test', 'sk-secret', 'sk_live', 'gsk_demo', 'xai-key'])(
    '"%s": a short key written as a hosted provider\'s key (sk-, gsk_, xai-) is taken out of the server\'s error',
    async (key) => {
      const res = await node.post('/v2/test_llm_provider', provider('p', settings(key, 'missing')))
      expect(res.status).toBe(502)
      const message = (res.body as { message: string }).message
      expect(message).toContain(`"model '[redacted]/llama3' not found, try pulling it first"`)
      expect(message).not.toContain(key)
    }
  )

  it('a key long enough to be a secret is still taken out wherever it appears', async () => {
    const key = 'vllm-secret-0123456789'
    const res = await node.post('/v2/test_llm_provider', provider('p', settings(key, 'missing')))
    const message = (res.body as { message: string }).message
    expect(message).toContain(`"model '[redacted]/llama3' not found, try pulling it first"`)
    expect(message).not.toContain(key.slice(0, 12))
  })
})
