import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { waitForAnswers } from '../support/answers'
import { provider } from '../support/fixtures'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * A proxy before Ollama that always streams, whatever `"stream": false` says: a provider check (which
 * asks for a whole reply) and a job with streaming off get NDJSON lines. The Ollama SDK read only the
 * first line, so the check failed as "a reply that is not a chat answer" while streamed answers from
 * the same server worked. The lines are read as the one reply Ollama would have sent.
 */

const ol = (o: object) => JSON.stringify({ model: 'm', created_at: '2025-01-01T00:00:00Z', ...o }) + '\n'
const part = (content: string, thinking?: string) =>
  ol({ message: { role: 'assistant', content, ...(thinking ? { thinking } : {}) }, done: false })
const PAUSE = '<pause>'
const REPLIES = {
  whole:
    part('', 'Let me see.') +
    part('O') +
    part('K, fine.') +
    ol({ message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' }),
  'broken off': part('O') + part('K, fi'),
  'error line': part('O') + ol({ error: 'model runner has unexpectedly stopped' }),
  // A slow model: its first line alone (one whole JSON object) for longer than the 1 s grace for an unended reply.
  'slow first token':
    part('O') + PAUSE + part('K, fine.') + ol({ message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' })
}
let reply: keyof typeof REPLIES = 'whole'
const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson' })
    const [first, rest] = REPLIES[reply].split(PAUSE)
    if (rest === undefined) return void res.end(first)
    res.write(first)
    setTimeout(() => res.end(rest), 2_000)
  })
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 5000, idleMs: 3000 } } })
const settings = () => ({ model: { Ollama: { model_type: 'm' } }, external_url: local.url })
const config = { custom_prompt: '', temperature: 0.8, top_k: 40, top_p: 0.9, stream: false, other_model_params: null }

async function answerWithStreamingOff() {
  await addProvider(node, 'p1', settings())
  const jobId = await createJob(node, 'p1')
  expect((await node.post('/v2/update_job_config', { job_id: jobId, config })).status).toBe(200)
  await node.post('/v2/job_message', { job_id: jobId, content: 'Hello?' })
  const answers = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 8000)
  return answers[answers.length - 1]!.job_message
}

describe('an Ollama reply streamed although asked for whole', () => {
  it('passes a provider check with the words it sent', async () => {
    reply = 'whole'
    const res = await node.post('/v2/test_llm_provider', provider('p1', settings()))
    expect(res.status).toBe(200)
    expect((res.body as { message: string }).message).toBe(`The Ollama server at ${local.url} answered with model 'm': "OK, fine."`)
  })

  it('answers a job with streaming off, without the thinking', async () => {
    reply = 'whole'
    const answer = await answerWithStreamingOff()
    expect(answer.content).toBe('OK, fine.')
    expect(answer.error).toBeUndefined()
  })

  it('without its last line, is an answer that broke off', async () => {
    reply = 'broken off'
    const answer = await answerWithStreamingOff()
    expect(answer.error).toEqual({ kind: 'provider_error' })
    expect(answer.content).toBe(
      `⚠ The connection to the Ollama server at ${local.url} closed before the answer finished. Try again; if it keeps happening, look at the server's log.`
    )
  })

  it('whose first line comes long before the others, waits for them', async () => {
    reply = 'slow first token'
    const answer = await answerWithStreamingOff()
    expect(answer.error).toBeUndefined()
    expect(answer.content).toBe('OK, fine.')
  })

  it("with an error line, reports the server's words", async () => {
    reply = 'error line'
    const answer = await answerWithStreamingOff()
    expect(answer.error).toEqual({ kind: 'provider_error' })
    expect(answer.content).toContain('reported an error: "model runner has unexpectedly stopped".')
  })
})
