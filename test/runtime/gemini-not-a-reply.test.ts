import { describe, expect, it } from 'vitest'
import { useLoopbackServer } from '../support/loopback-server'
import { waitForAnswers } from '../support/answers'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * A server at a Gemini provider's URL that answers generateContent with JSON that is no Gemini
 * reply (no candidates, no promptFeedback: another API, a gateway's status object). The test said
 * the model "answered", and the provider was listed as working; a job's whole answer was empty.
 */

let reply: unknown = { status: 'ok', service: 'gateway' }
const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(reply))
  })
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 4000, idleMs: 4000, unstreamedMs: 4000 } } })

const gemini = (url: string) => ({
  id: 'g1',
  full_identity_name: {
    node_name: '@@localhost.sep-shinkai',
    profile_name: 'main',
    subidentity_type: 'Agent',
    subidentity_name: 'g1',
    full_name: '@@localhost.sep-shinkai/main/agent/g1'
  },
  perform_locally: false,
  external_url: url,
  api_key: 'gk-not-a-reply-0123456789',
  model: { Gemini: { model_type: 'gemini-2.5-flash' } },
  toolkit_permissions: [],
  storage_bucket_permissions: [],
  allowed_message_senders: []
})

describe('Gemini: a 200 JSON reply that is no Gemini reply', () => {
  it('test_llm_provider answers 502 "not a chat answer", not success', async () => {
    reply = { status: 'ok', service: 'gateway' }
    const res = await node.post('/v2/test_llm_provider', gemini(`${local.url}/v1beta`))
    expect(res.status).toBe(502)
    expect((res.body as { message: string }).message).toBe(
      `Google Gemini at ${local.url}/v1beta sent a reply that is not a chat answer (it holds no "candidates"). ` +
        'Check that the URL is the API base (for Gemini it ends in /v1beta, e.g. https://generativelanguage.googleapis.com/v1beta).'
    )
  })

  it('a reply with candidates but no text (a thinking model out of tokens) is still an answer', async () => {
    reply = { candidates: [{ content: { role: 'model' }, finishReason: 'MAX_TOKENS', index: 0 }] }
    const res = await node.post('/v2/test_llm_provider', gemini(`${local.url}/v1beta`))
    expect(res.status).toBe(200)
  })

  it('a job asking for the whole answer stores the error, not an empty answer', async () => {
    reply = { status: 'ok', service: 'gateway' }
    await addProvider(node, 'p1', {
      model: { Gemini: { model_type: 'm' } },
      external_url: `${local.url}/v1beta`,
      api_key: 'gk-0123456789abcdef'
    })
    const jobId = await createJob(node, 'p1')
    const config = { custom_prompt: '', temperature: 0.8, top_k: 40, top_p: 0.9, stream: false, other_model_params: null }
    expect((await node.post('/v2/update_job_config', { job_id: jobId, config })).status).toBe(200)
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hello?' })
    const answers = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 8000)
    const answer = answers[answers.length - 1]!.job_message
    expect(answer.error).toBeDefined()
    expect(answer.content).toContain('not a chat answer (it holds no "candidates")')
  })
})
