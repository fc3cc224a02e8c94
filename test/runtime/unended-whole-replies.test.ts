import type { ServerResponse } from 'node:http'
import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { waitForAnswers } from '../support/answers'
import { provider } from '../support/fixtures'
import { addProvider, createJob, useTestNode } from '../support/node'
import { wholeReplyFor } from '../support/completions'

/*
 * A whole answer asked for without streaming, whose JSON reply has come complete but whose chunked
 * transfer encoding never ends (the server, or a proxy before it, never sends the last chunk and
 * holds the connection open). The reply is whole: it is stored as the answer after a short grace,
 * not failed by the time-out for a whole answer.
 */

const ANSWER = 'The whole answer.'

const held: ServerResponse[] = []
const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    // No content-length: chunked, and never res.end(), so the last (empty) chunk never comes.
    res.writeHead(200, { 'Content-Type': 'application/json' })
    held.push(res)
    const body = JSON.stringify(wholeReplyFor(req.url ?? '', ANSWER), null, 2)
    const half = Math.floor(body.length / 2)
    res.write(body.slice(0, half))
    setTimeout(() => res.write(body.slice(half)), 50)
  })
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 4000, idleMs: 4000, unstreamedMs: 4000 } } })
const config = { custom_prompt: '', temperature: 0.8, top_k: 40, top_p: 0.9, stream: false, other_model_params: null }
const KINDS = [
  ['OpenAI', '/v1'],
  ['Ollama', ''],
  ['Claude', '/v1'],
  ['Gemini', '/v1beta']
] as const

describe('a whole reply whose chunked body never ends', () => {
  it.each(KINDS)('%s: is stored as the answer, well before the time-out', async (kind, path) => {
    await addProvider(node, 'p1', {
      model: { [kind]: { model_type: 'm' } },
      external_url: local.url + path,
      api_key: 'sk-unended-0123456789'
    })
    const jobId = await createJob(node, 'p1')
    expect((await node.post('/v2/update_job_config', { job_id: jobId, config })).status).toBe(200)
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hello?' })
    const answers = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 8000)
    const answer = answers[answers.length - 1]!.job_message
    expect(answer.error).toBeUndefined()
    expect(answer.content).toBe(ANSWER)
  })

  it.each(KINDS)('%s: a provider check reports the reply', async (kind, path) => {
    const settings = { model: { [kind]: { model_type: 'm' } }, external_url: local.url + path, api_key: 'sk-unended-0123456789' }
    const res = await node.post('/v2/test_llm_provider', provider('p1', settings))
    expect(res.status).toBe(200)
    expect((res.body as { message: string }).message).toContain(ANSWER)
  })
})
