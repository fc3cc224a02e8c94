import type { ServerResponse } from 'node:http'
import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { waitForAnswers } from '../support/answers'
import { anthropicMessageStart } from '../support/fake-llm'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * A server (or a proxy before it) that sends the protocol's end of an answer (OpenAI's `data: [DONE]`,
 * Ollama's `"done": true` line, Anthropic's `message_stop` event, Gemini's chunk with a `finishReason`)
 * and then holds the connection open instead of closing it; an OpenAI-compatible server may end with
 * the finish_reason alone, before or after a chunk with the usage. The
 * answer is whole at that end: it is stored as the answer, not failed by the idle time-out as one
 * that "stopped sending".
 */

const oa = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`
const ol = (o: object) => JSON.stringify({ model: 'm', created_at: '2025-01-01T00:00:00Z', ...o }) + '\n'
const sse = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`
const claudeText = (text: string) => sse('content_block_delta', { index: 0, delta: { type: 'text_delta', text } })
const gemini = (text: string, finish?: string) =>
  `data: ${JSON.stringify({ candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0, ...(finish ? { finishReason: finish } : {}) }] })}\n\n`

const REPLIES: Record<string, { type: string; body: string }> = {
  OpenAI: { type: 'text/event-stream', body: oa('The whole') + oa(' answer.', 'stop') + 'data: [DONE]\n\n' },
  // Compatible servers that end with the finish_reason, no [DONE], before or after a usage chunk.
  'OpenAI, no [DONE]': { type: 'text/event-stream', body: oa('The whole') + oa(' answer.', 'stop') },
  'OpenAI, usage, no [DONE]': {
    type: 'text/event-stream',
    body:
      oa('The whole') +
      oa(' answer.', 'stop') +
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 } })}\n\n`
  },
  Ollama: {
    type: 'application/x-ndjson',
    body:
      ol({ message: { role: 'assistant', content: 'The whole' }, done: false }) +
      ol({ message: { role: 'assistant', content: ' answer.' }, done: false }) +
      ol({ message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' })
  },
  Claude: {
    type: 'text/event-stream',
    body:
      sse('message_start', anthropicMessageStart('m')) +
      sse('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) +
      claudeText('The whole') +
      claudeText(' answer.') +
      sse('content_block_stop', { index: 0 }) +
      sse('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } }) +
      sse('message_stop', {})
  },
  Gemini: { type: 'text/event-stream', body: gemini('The whole') + gemini(' answer.', 'STOP') }
}

const held: ServerResponse[] = []
let reply = REPLIES.OpenAI!
const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': reply.type })
    held.push(res)
    // In pieces, so that lines and events arrive split; and never res.end().
    const body = Buffer.from(reply.body)
    const send = (i: number) => {
      if (i >= body.length) return
      res.write(body.subarray(i, i + 7))
      setImmediate(() => send(i + 7))
    }
    send(0)
  })
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 5000, idleMs: 3000 } } })

describe('an answer whose end came while the connection stays open', () => {
  it.each([
    ['OpenAI', '/v1'],
    ['OpenAI, no [DONE]', '/v1'],
    ['OpenAI, usage, no [DONE]', '/v1'],
    ['Ollama', ''],
    ['Claude', '/v1'],
    ['Gemini', '/v1beta']
  ])('%s: is stored whole as the answer, at once', async (kind, path) => {
    reply = REPLIES[kind]!
    const protocol = kind.split(',')[0]!
    await addProvider(node, 'p1', {
      model: { [protocol]: { model_type: 'm' } },
      external_url: local.url + path,
      api_key: 'sk-held-open-0123456789'
    })
    const jobId = await createJob(node, 'p1')
    const inboxId = `job_inbox::${jobId}::false`
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hello?' })
    const answers = await waitForAnswers(node, inboxId, 1, 8000)
    const answer = answers[answers.length - 1]!.job_message
    expect(answer.content).toBe('The whole answer.')
    expect(answer.error).toBeUndefined()
  })
})
