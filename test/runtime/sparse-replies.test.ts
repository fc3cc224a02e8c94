import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { waitForAnswers } from '../support/answers'
import { provider } from '../support/fixtures'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * Servers speaking a provider's protocol with only the fields that carry the answer (a proxy, a small
 * server written for tests). Ollama: no `model`, `created_at` or message `role`, a last line of only
 * `{"done": true}`. Claude: a whole message without its `type` and token counts. The real servers send
 * them all, and the SDKs' schemas required them: such a reply was "not a chat answer" to a check, and a
 * job's answer failed.
 */
const line = (o: object) => JSON.stringify(o) + '\n'
const REPLIES = {
  'ollama streamed':
    line({ message: { content: 'Hel' }, done: false }) + line({ message: { content: 'lo there.' } }) + line({ done: true }),
  'ollama whole': JSON.stringify({ message: { content: 'Hello there.' }, done: true }),
  'claude whole': JSON.stringify({ content: [{ type: 'text', text: 'Hello there.' }] })
}
let reply: keyof typeof REPLIES = 'ollama streamed'
const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': reply === 'ollama streamed' ? 'application/x-ndjson' : 'application/json' })
    res.end(REPLIES[reply])
  })
})
const node = useTestNode({ runtime: {} })
const ollama = () => ({ model: { Ollama: { model_type: 'm' } }, external_url: local.url })
const claude = () => ({ model: { Claude: { model_type: 'm' } }, external_url: local.url, api_key: 'k-1234567890abc' })
const config = (stream: boolean) => ({ custom_prompt: '', temperature: 0.8, top_k: 40, top_p: 0.9, stream, other_model_params: null })

async function answer(id: string, settings: Record<string, unknown>, stream: boolean) {
  await addProvider(node, id, settings)
  const jobId = await createJob(node, id)
  expect((await node.post('/v2/update_job_config', { job_id: jobId, config: config(stream) })).status).toBe(200)
  await node.post('/v2/job_message', { job_id: jobId, content: 'Hello?' })
  const answers = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 8000)
  return answers[answers.length - 1]!.job_message
}

describe('a reply with only the fields that carry the answer', () => {
  it('Ollama, streamed: passes a check and answers a job', async () => {
    reply = 'ollama streamed'
    const res = await node.post('/v2/test_llm_provider', provider('p1', ollama()))
    expect(res.status).toBe(200)
    expect((res.body as { message: string }).message).toBe(`The Ollama server at ${local.url} answered with model 'm': "Hello there."`)
    const a = await answer('p1', ollama(), true)
    expect(a.content).toBe('Hello there.')
    expect(a.error).toBeUndefined()
  })

  it('Ollama, whole (streaming off): answers a job', async () => {
    reply = 'ollama whole'
    const a = await answer('p2', ollama(), false)
    expect(a.content).toBe('Hello there.')
    expect(a.error).toBeUndefined()
  })

  it('Claude, whole: passes a check and answers a job with streaming off', async () => {
    reply = 'claude whole'
    const res = await node.post('/v2/test_llm_provider', provider('p3', claude()))
    expect(res.status).toBe(200)
    expect((res.body as { message: string }).message).toContain(`answered with model 'm': "Hello there."`)
    const a = await answer('p3', claude(), false)
    expect(a.content).toBe('Hello there.')
    expect(a.error).toBeUndefined()
  })
})
