import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { waitForAnswers } from '../support/answers'
import { anthropicMessageStart } from '../support/fake-llm'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * A streamed answer whose event stream comes labelled `Content-Type: application/json` (some proxies
 * relabel every reply so). The body starts with `data:` or `event:`, which no JSON does: it is read
 * as the stream it is, not refused as a reply that "is not JSON but application/json", and its end
 * is seen as a stream's is (a server holding the connection open after it does not hold the answer).
 */

const oa = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`
const sse = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`
const claudeText = (text: string) => sse('content_block_delta', { index: 0, delta: { type: 'text_delta', text } })
const gemini = (text: string, finish?: string) =>
  `data: ${JSON.stringify({ candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0, ...(finish ? { finishReason: finish } : {}) }] })}\n\n`

const STREAMS: Record<string, string> = {
  OpenAI: oa('The whole') + oa(' answer.', 'stop') + 'data: [DONE]\n\n',
  Claude:
    sse('message_start', anthropicMessageStart('m')) +
    sse('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) +
    claudeText('The whole') +
    claudeText(' answer.') +
    sse('content_block_stop', { index: 0 }) +
    sse('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } }) +
    sse('message_stop', {}),
  Gemini: gemini('The whole') + gemini(' answer.', 'STOP')
}

let stream = STREAMS.OpenAI!
let label = 'application/json'
let holdOpen = true
const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': label })
    // Held open after the end, which only a stream's end watch sees (a JSON body would wait for the close).
    if (holdOpen) res.write(stream)
    else res.end(stream)
  })
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 4000, idleMs: 4000 } } })

describe('an event stream labelled application/json', () => {
  it.each([
    ['OpenAI', '/v1'],
    ['Claude', '/v1'],
    ['Gemini', '/v1beta']
  ])('%s: is read as the stream it is', async (kind, path) => {
    stream = STREAMS[kind]!
    label = 'application/json'
    await addProvider(node, 'p1', {
      model: { [kind]: { model_type: 'm' } },
      external_url: local.url + path,
      api_key: 'sk-mislabelled-0123456789'
    })
    const jobId = await createJob(node, 'p1')
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hello?' })
    const answers = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 8000)
    const answer = answers[answers.length - 1]!.job_message
    expect(answer.content).toBe('The whole answer.')
    expect(answer.error).toBeUndefined()
  })
})

describe('a streamed answer asked of an OpenAI-compatible server, answered in plain text', () => {
  it('is refused in words saying what came, not as an empty answer', async () => {
    stream = 'Too many requests from this IP, slow down.'
    label = 'text/plain; charset=utf-8'
    holdOpen = false
    await addProvider(node, 'p1', {
      model: { OpenAI: { model_type: 'm' } },
      external_url: `${local.url}/v1`,
      api_key: 'sk-mislabelled-0123456789'
    })
    const jobId = await createJob(node, 'p1')
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hello?' })
    const answers = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 8000)
    const answer = answers[answers.length - 1]!.job_message
    expect(answer.error).toBeDefined()
    expect(answer.content).toContain(
      'not a chat answer (it is not JSON but text/plain, starting "Too many requests from this IP, slow down.")'
    )
  })

  it('an event stream labelled text/plain is still read as one', async () => {
    stream = STREAMS.OpenAI!
    label = 'text/plain'
    holdOpen = true
    await addProvider(node, 'p1', {
      model: { OpenAI: { model_type: 'm' } },
      external_url: `${local.url}/v1`,
      api_key: 'sk-mislabelled-0123456789'
    })
    const jobId = await createJob(node, 'p1')
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hello?' })
    const answers = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 8000)
    expect(answers[answers.length - 1]!.job_message.content).toBe('The whole answer.')
  })
})
