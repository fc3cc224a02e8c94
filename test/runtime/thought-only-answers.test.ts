import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import type { ProviderKind } from '../../src/shared/contract/identity'
import { waitForAnswers } from '../support/answers'
import { addProvider, createJob, useTestNode } from '../support/node'
import { anthropicMessageStart } from '../support/fake-llm'

/*
 * A reasoning model that spends its turn thinking and stops without writing an answer (a short
 * output limit on the server, a model that loops in its thoughts): the node keeps only the answer,
 * so nothing is left. The operator read "returned an empty answer", though the model had written
 * plenty: the note now says the model wrote only its thinking.
 */

const THOUGHT = 'Let me weigh the question. '
const sse = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`
const completionChunk = (delta: object, finish: string | null = null) =>
  sse({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })
/** A Claude event stream: these content-block events (block 0) between the message's start and its end. */
const claudeStream = (blockEvents: string[]) => ({
  type: 'text/event-stream',
  body: [
    sse(anthropicMessageStart('m'), 'message_start'),
    ...blockEvents,
    sse({ type: 'content_block_stop', index: 0 }, 'content_block_stop'),
    sse({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } }, 'message_delta'),
    sse({ type: 'message_stop' }, 'message_stop')
  ].join('')
})
const ndjson = (o: object) => JSON.stringify({ model: 'm', created_at: '2025-01-01T00:00:00Z', ...o }) + '\n'

/** What the server sends: thinking only, or nothing at all (`empty`). */
let thinks = true
function reply(url: string, stream: boolean): { type: string; body: string } {
  const thought = thinks ? THOUGHT : ''
  const notThinking = NOT_THINKING[url.split('/')[1]!]
  if (notThinking) return notThinking(stream)
  if (url === '/api/chat' && !stream) {
    return {
      type: 'application/json',
      body: ndjson({ message: { role: 'assistant', content: '', thinking: thought }, done: true, done_reason: 'stop' })
    }
  }
  if (url === '/api/chat') {
    return {
      type: 'application/x-ndjson',
      body:
        ndjson({ message: { role: 'assistant', content: '', thinking: thought }, done: false }) +
        ndjson({ message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' })
    }
  }
  if (thinks && url.startsWith('/redacted/')) {
    // Thinking that Anthropic's safety systems encrypted: the model thought, its words are hidden.
    const block = { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/LafPsn4a' }
    if (!stream) {
      const message = { ...anthropicMessageStart('m').message, content: [block], stop_reason: 'end_turn' }
      return { type: 'application/json', body: JSON.stringify(message) }
    }
    return claudeStream([sse({ type: 'content_block_start', index: 0, content_block: block }, 'content_block_start')])
  }
  if (url.endsWith('/messages')) {
    const content = thinks ? [{ type: 'thinking', thinking: thought, signature: 'sig' }] : []
    if (!stream) {
      return { type: 'application/json', body: JSON.stringify({ ...anthropicMessageStart('m').message, content, stop_reason: 'end_turn' }) }
    }
    return claudeStream([
      sse({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } }, 'content_block_start'),
      sse({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: thought } }, 'content_block_delta')
    ])
  }
  if (url.includes('enerateContent')) {
    const candidate = { content: { parts: [{ text: thought, thought: true }], role: 'model' }, finishReason: 'STOP', index: 0 }
    return stream
      ? { type: 'text/event-stream', body: sse({ candidates: [candidate] }) }
      : { type: 'application/json', body: JSON.stringify({ candidates: [candidate] }) }
  }
  // OpenAI-compatible: DeepSeek's `reasoning_content` (streamed, or whole under /reasoning), inline <think> tags (llama.cpp, older LM Studio).
  if (!stream && url.startsWith('/reasoning/')) {
    const message = { role: 'assistant', content: null, reasoning_content: thought }
    const completion = {
      id: 'c',
      object: 'chat.completion',
      created: 1,
      model: 'm',
      choices: [{ index: 0, message, finish_reason: 'stop' }]
    }
    return { type: 'application/json', body: JSON.stringify(completion) }
  }
  if (!stream) {
    const content = thinks ? `<think>${thought}</think>` : ''
    const completion = {
      id: 'c',
      object: 'chat.completion',
      created: 1,
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }]
    }
    return { type: 'application/json', body: JSON.stringify(completion) }
  }
  return {
    type: 'text/event-stream',
    body:
      completionChunk({ role: 'assistant', content: null, reasoning_content: thought }) + completionChunk({}, 'stop') + 'data: [DONE]\n\n'
  }
}

const completion = (message: object) => ({
  id: 'c',
  object: 'chat.completion',
  created: 1,
  model: 'm',
  choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }]
})
/** OpenAI-compatible replies without a word of thinking or of answer, by the first part of their path. */
const NOT_THINKING: Record<string, (stream: boolean) => { type: string; body: string }> = {
  // Only blank lines for an answer.
  blank: (stream) =>
    stream
      ? {
          type: 'text/event-stream',
          body: completionChunk({ role: 'assistant', content: '\n\n' }) + completionChunk({}, 'stop') + 'data: [DONE]\n\n'
        }
      : { type: 'application/json', body: JSON.stringify(completion({ content: '\n\n' })) },
  // Empty think tags (Qwen3 with its thinking turned off), then nothing.
  emptythink: (stream) =>
    stream
      ? {
          type: 'text/event-stream',
          body:
            completionChunk({ role: 'assistant', content: '<think>\n\n</think>\n\n' }) + completionChunk({}, 'stop') + 'data: [DONE]\n\n'
        }
      : { type: 'application/json', body: JSON.stringify(completion({ content: '<think>\n\n</think>\n\n' })) },
  // A tool call the node never offered, and no text.
  toolcall: (stream) => {
    const call = { id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{}' } }
    return stream
      ? {
          type: 'text/event-stream',
          body:
            completionChunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, ...call }] }) +
            completionChunk({}, 'tool_calls') +
            'data: [DONE]\n\n'
        }
      : { type: 'application/json', body: JSON.stringify(completion({ content: null, tool_calls: [call] })) }
  }
}

const local = useLoopbackServer((req, res) => {
  let raw = ''
  req.on('data', (c: Buffer) => (raw += c.toString()))
  req.on('end', () => {
    const url = req.url ?? ''
    const asked = (JSON.parse(raw) as { stream?: boolean }).stream
    // Gemini says so in its path, Ollama streams unless told not to, the others only when asked.
    const stream = url.includes(':stream') || (url === '/api/chat' ? asked !== false : asked === true)
    const r = reply(url, stream)
    res.writeHead(200, { 'Content-Type': r.type })
    res.end(r.body)
  })
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 5000, idleMs: 3000 } } })

async function answer(kind: ProviderKind, path: string, stream: boolean): Promise<string> {
  await addProvider(node, 'p1', {
    model: { [kind]: { model_type: 'm' } },
    external_url: local.url + path,
    api_key: 'sk-thinking-0123456789'
  })
  const jobId = await createJob(node, 'p1')
  const config = { custom_prompt: '', temperature: 0.8, top_k: 40, top_p: 0.9, stream, other_model_params: null }
  expect((await node.post('/v2/update_job_config', { job_id: jobId, config })).status).toBe(200)
  await node.post('/v2/job_message', { job_id: jobId, content: 'Is it worth it?' })
  const answers = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1)
  return answers[answers.length - 1]!.job_message.content
}

const KINDS: [ProviderKind, string, boolean][] = [
  ['OpenAI', '/v1', true],
  ['OpenAI', '/v1', false],
  ['OpenAI', '/reasoning/v1', false],
  ['Ollama', '', true],
  ['Ollama', '', false],
  ['Claude', '/v1', true],
  ['Claude', '/v1', false],
  ['Claude', '/redacted/v1', true],
  ['Claude', '/redacted/v1', false],
  ['Gemini', '/v1beta', true],
  ['Gemini', '/v1beta', false]
]

describe('an answer that is all thinking and no text', () => {
  it.each(KINDS)('%s%s (streamed %s): the note says the model wrote only its thinking', async (kind, path, stream) => {
    thinks = true
    const content = await answer(kind, path, stream)
    expect(content).toMatch(
      /^⚠ .* returned no answer from model 'm': the model wrote only its thinking, then stopped\. Try again, or choose another model\.$/
    )
    expect(content).not.toContain(THOUGHT)
  })

  it.each(KINDS)('%s%s (streamed %s): a reply with nothing in it is still an empty answer', async (kind, path, stream) => {
    thinks = false
    expect(await answer(kind, path, stream)).toMatch(
      /^⚠ .* returned an empty answer from model 'm'\. Try again, or choose another model\.$/
    )
  })
})

describe('an answer with no thinking is never said to hold only thinking', () => {
  it.each([
    ['/blank/v1', true],
    ['/blank/v1', false],
    ['/emptythink/v1', true],
    ['/emptythink/v1', false]
  ])('OpenAI%s (streamed %s): an empty answer', async (path, stream) => {
    expect(await answer('OpenAI', path, stream)).toMatch(
      /^⚠ .* returned an empty answer from model 'm'\. Try again, or choose another model\.$/
    )
  })

  it.each([true, false])('OpenAI/toolcall/v1 (streamed %s): a call to a tool, said to be one (tool-call-only-answers)', async (stream) => {
    const content = await answer('OpenAI', '/toolcall/v1', stream)
    expect(content).toContain('the model asked to call a tool ("lookup") instead of answering')
    expect(content).not.toContain('thinking')
  })
})
