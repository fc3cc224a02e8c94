import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { waitForAnswers } from '../support/answers'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * A server that answers 200 with a body that is not JSON and holds the key it was sent (a proxy's
 * "invalid key sk-…" page). The error quotes the body's first 60 characters: cut there, the key was
 * no longer whole, so it was not taken out, and most of it reached the error stored and shown.
 */

const KEY = 'sk-proj-' + 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789'.repeat(2)
/** The shortest start of the key that must not be shown: a third of it (see partialKeyChars). */
const SECRET_START = KEY.slice(0, Math.ceil(KEY.length / 3))

const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'text/plain' })
    res.end(`Invalid key ${KEY}, ask your administrator for a new one.`)
  })
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 4000, idleMs: 4000 } } })

describe('a reply that is not JSON, quoting the key', () => {
  it("an answer's error quotes the reply with no part of the key", async () => {
    await addProvider(node, 'p1', { model: { OpenAI: { model_type: 'm' } }, external_url: `${local.url}/v1`, api_key: KEY })
    const jobId = await createJob(node, 'p1')
    const config = { custom_prompt: '', temperature: 0.8, top_k: 40, top_p: 0.9, stream: false, other_model_params: null }
    expect((await node.post('/v2/update_job_config', { job_id: jobId, config })).status).toBe(200)
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hello?' })
    const answers = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 8000)
    const answer = answers[answers.length - 1]!.job_message
    expect(answer.error).toBeDefined()
    expect(answer.content).toContain('starting "Invalid key [redacted]')
    expect(JSON.stringify(answer)).not.toContain(SECRET_START)
    expect(node.log.lines.join('\n')).not.toContain(SECRET_START)
  })

  it('a model list error quotes the reply with no part of the key', async () => {
    const res = await node.post('/v2/provider_models', { kind: 'OpenAI', external_url: `${local.url}/v1`, api_key: KEY })
    expect(res.status).toBeGreaterThanOrEqual(400)
    const body = JSON.stringify(res.body)
    expect(body).toContain('Invalid key [redacted]')
    expect(body).not.toContain(SECRET_START)
  })
})
