import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { waitForAnswers } from '../support/answers'
import { provider } from '../support/fixtures'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * A server speaking Ollama's chat protocol with only the fields that carry the answer (a proxy, a
 * small server written for tests): no `model`, `created_at` or message `role`, a last line of only
 * `{"done": true}`. Real Ollama sends them all, and the SDK's schema required them: such a reply was
 * "not a chat answer" to a check, and a job's answer failed.
 */
const line = (o: object) => JSON.stringify(o) + '\n'
const REPLIES = {
  streamed: line({ message: { content: 'Hel' }, done: false }) + line({ message: { content: 'lo there.' } }) + line({ done: true }),
  whole: JSON.stringify({ message: { content: 'Hello there.' }, done: true })
}
let reply: keyof typeof REPLIES = 'streamed'
const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': reply === 'whole' ? 'application/json' : 'application/x-ndjson' })
    res.end(REPLIES[reply])
  })
})
const node = useTestNode({ runtime: {} })
const settings = () => ({ model: { Ollama: { model_type: 'm' } }, external_url: local.url })
const config = (stream: boolean) => ({ custom_prompt: '', temperature: 0.8, top_k: 40, top_p: 0.9, stream, other_model_params: null })

async function answer(id: string, stream: boolean) {
  await addProvider(node, id, settings())
  const jobId = await createJob(node, id)
  expect((await node.post('/v2/update_job_config', { job_id: jobId, config: config(stream) })).status).toBe(200)
  await node.post('/v2/job_message', { job_id: jobId, content: 'Hello?' })
  const answers = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 8000)
  return answers[answers.length - 1]!.job_message
}

describe('an Ollama reply with only the fields that carry the answer', () => {
  it('streamed: passes a check and answers a job', async () => {
    reply = 'streamed'
    const res = await node.post('/v2/test_llm_provider', provider('p1', settings()))
    expect(res.status).toBe(200)
    expect((res.body as { message: string }).message).toBe(`The Ollama server at ${local.url} answered with model 'm': "Hello there."`)
    const a = await answer('p1', true)
    expect(a.content).toBe('Hello there.')
    expect(a.error).toBeUndefined()
  })

  it('whole (streaming off): answers a job', async () => {
    reply = 'whole'
    const a = await answer('p2', false)
    expect(a.content).toBe('Hello there.')
    expect(a.error).toBeUndefined()
  })
})
