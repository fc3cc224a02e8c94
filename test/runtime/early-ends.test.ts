import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import type { ProviderKind } from '../../src/shared/contract/identity'
import { runAnswerCall } from '../../src/main/runtime/answer-call'
import { anthropicMessageStart } from '../support/fake-llm'

/*
 * A streamed reply that the server (or a proxy before it) closes cleanly before the protocol's end
 * of an answer: the SDKs end such a stream as if it were whole, so half an answer was stored as the
 * answer. Each protocol marks its end in its own words; a reply that has it is whole, one that does
 * not is an answer that broke off. Servers differ in how they end: several OpenAI-compatible ones
 * send a `finish_reason` and close without `[DONE]`, others `[DONE]` without a `finish_reason`.
 */

const sse = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`
const oa = (delta: object, finish: string | null = null) =>
  sse({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })
const ol = (o: object) => JSON.stringify({ model: 'm', created_at: '2025-01-01T00:00:00Z', ...o }) + '\n'
const gem = (text: string, finish?: string) =>
  sse({ candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0, ...(finish ? { finishReason: finish } : {}) }] })
const anthropicStart = [
  sse(anthropicMessageStart('m'), 'message_start'),
  sse({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, 'content_block_start')
]
const claude = (text: string) => sse({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }, 'content_block_delta')

/** What each server sends, by test case; the reply is ended with res.end() (a clean close) after it. */
const REPLIES: Record<string, { type: string; body: string }> = {
  'openai-no-end': { type: 'text/event-stream', body: oa({ content: 'The first' }) + oa({ content: ' half' }) },
  'openai-mid-event': { type: 'text/event-stream', body: oa({ content: 'The first' }) + oa({ content: ' half' }).slice(0, 40) },
  // Some servers send an empty finish_reason on every chunk: no reason, so no end.
  'openai-empty-finish': { type: 'text/event-stream', body: oa({ content: 'The first' }, '') + oa({ content: ' half' }, '') },
  'openai-finish-no-done': { type: 'text/event-stream', body: oa({ content: 'Whole' }) + oa({}, 'stop') },
  'openai-done-no-finish': { type: 'text/event-stream', body: oa({ content: 'Whole' }) + 'data: [DONE]' },
  'ollama-no-done': { type: 'application/x-ndjson', body: ol({ message: { role: 'assistant', content: 'The first half' }, done: false }) },
  'ollama-mid-line': {
    type: 'application/x-ndjson',
    body: ol({ message: { role: 'assistant', content: 'The first half' }, done: false }) + '{"model":"m","message":{"ro'
  },
  'ollama-whole': {
    type: 'application/x-ndjson',
    body:
      ol({ message: { role: 'assistant', content: 'Whole' }, done: false }) +
      ol({ message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' }).trim()
  },
  'claude-no-stop': {
    type: 'text/event-stream',
    body:
      anthropicStart.join('') +
      claude('The first half') +
      sse({ type: 'content_block_stop', index: 0 }, 'content_block_stop') +
      sse({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } }, 'message_delta')
  },
  'claude-whole': {
    type: 'text/event-stream',
    body:
      anthropicStart.join('') +
      claude('Whole') +
      sse({ type: 'content_block_stop', index: 0 }, 'content_block_stop') +
      sse(
        { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } },
        'message_delta'
      ) +
      sse({ type: 'message_stop' }, 'message_stop')
  },
  'gemini-no-finish': { type: 'text/event-stream', body: gem('The first') + gem(' half') },
  'gemini-whole': { type: 'text/event-stream', body: gem('Whole') + gem('', 'STOP') }
}

let reply = 'openai-no-end'
const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    const r = REPLIES[reply]!
    res.writeHead(200, { 'Content-Type': r.type })
    res.end(r.body)
  })
})

const BASES: Record<string, string> = { OpenAI: '/v1', Ollama: '', Claude: '/v1', Gemini: '/v1beta' }

async function ask(kind: ProviderKind, name: string) {
  reply = name
  return runAnswerCall(
    {
      target: { kind, model: 'm', baseUrl: local.url + BASES[kind], apiKey: 'sk-test-key-123456' },
      options: { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello?' }] }] },
      stream: true,
      timeouts: { firstChunkMs: 3000, idleMs: 3000 },
      maxTextBytes: 1 << 20,
      wireLimit: 1 << 28
    },
    fetch,
    new AbortController().signal,
    () => {}
  )
}

describe('a reply closed before its end is an answer that broke off, with its text kept', () => {
  it.each([
    ['OpenAI', 'openai-no-end', 'The first half'],
    ['OpenAI', 'openai-mid-event', 'The first'],
    ['OpenAI', 'openai-empty-finish', 'The first half'],
    ['Ollama', 'ollama-no-done', 'The first half'],
    ['Ollama', 'ollama-mid-line', 'The first half'],
    ['Claude', 'claude-no-stop', 'The first half'],
    ['Gemini', 'gemini-no-finish', 'The first half']
  ] as const)('%s: %s', async (kind, name, text) => {
    const result = await ask(kind, name)
    expect(result).toMatchObject({ kind: 'failed', text, failure: { kind: 'provider_error' } })
    if (result.kind !== 'failed') return
    expect(result.failure.message).toMatch(/^The connection to .+ closed before the answer finished\. /)
  })
})

describe('a reply with its protocol end is whole, however it closes', () => {
  it.each([
    ['OpenAI', 'openai-finish-no-done'],
    ['OpenAI', 'openai-done-no-finish'],
    ['Ollama', 'ollama-whole'],
    ['Claude', 'claude-whole'],
    ['Gemini', 'gemini-whole']
  ] as const)('%s: %s', async (kind, name) => {
    expect(await ask(kind, name)).toEqual({ kind: 'done', text: 'Whole' })
  })
})
