import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { waitForAnswers } from '../support/answers'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * A proxy before Claude or Gemini (LiteLLM, OpenRouter, a gateway) that answers 200 with an error
 * object in the place of the reply: the operator reads the server's own words, as for the
 * OpenAI-compatible and Ollama protocols, not that the URL may be wrong or the answer empty.
 */

const SAID = 'Quota exceeded for this key, try again tomorrow'
const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ error: { message: SAID, code: 429 } }))
  })
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 4000, idleMs: 4000, unstreamedMs: 4000 } } })

describe('a 200 reply that is an error object', () => {
  it.each([
    ['Claude', '/v1', true],
    ['Claude', '/v1', false],
    ['Gemini', '/v1beta', true],
    ['Gemini', '/v1beta', false]
  ])('%s (streaming %s): stores the server’s own words', async (kind, path, stream) => {
    await addProvider(node, 'p1', {
      model: { [kind]: { model_type: 'm' } },
      external_url: local.url + path,
      api_key: 'sk-reported-0123456789'
    })
    const jobId = await createJob(node, 'p1')
    const config = { custom_prompt: '', temperature: 0.8, top_k: 40, top_p: 0.9, stream, other_model_params: null }
    expect((await node.post('/v2/update_job_config', { job_id: jobId, config })).status).toBe(200)
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hello?' })
    const answers = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 8000)
    const answer = answers[answers.length - 1]!.job_message
    expect(answer.error).toBeDefined()
    expect(answer.content).toContain(`reported an error: "${SAID}".`)
  })
})
