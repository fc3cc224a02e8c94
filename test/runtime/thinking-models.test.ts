import type { IncomingMessage, ServerResponse } from 'node:http'
import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import type { ProviderKind } from '../../src/shared/contract/identity'
import { runAnswerCall } from '../../src/main/runtime/answer-call'
import { anthropicMessageStart } from '../support/fake-llm'

/*
 * Reasoning models (deepseek-reasoner, QwQ and DeepSeek-R1 on Ollama, Claude with extended
 * thinking, Gemini 2.5) stream their thinking for a long while before the first word of the
 * answer. Each protocol sends it in deltas of its own; the node keeps only the answer's text,
 * but a model that is visibly thinking has not stopped answering.
 */

const THOUGHTS = 8
const THOUGHT_GAP_MS = 150
const ANSWER = 'The answer is 42.'
/** Shorter than the whole thinking (8 x 150 ms), longer than one gap between thoughts: thoughts are progress, not keep-alives. */
const TIMEOUTS = { firstChunkMs: 600, idleMs: 600, noProgressMs: 600 }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const sse = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`

type Wire = { start: string[]; thought: (t: string) => string; text: (t: string) => string; end: string[]; type: string }

const WIRES: Record<'openai' | 'ollama' | 'anthropic' | 'gemini', Wire> = {
  // DeepSeek's shape; LM Studio, vLLM and llama.cpp send the same `reasoning_content` (or `reasoning`).
  openai: {
    type: 'text/event-stream',
    start: [],
    thought: (t) =>
      sse({
        id: 'c',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'm',
        choices: [{ index: 0, delta: { content: null, reasoning_content: t } }]
      }),
    text: (t) => sse({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: t } }] }),
    end: [
      sse({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
      'data: [DONE]\n\n'
    ]
  },
  ollama: {
    type: 'application/x-ndjson',
    start: [],
    thought: (t) =>
      JSON.stringify({
        model: 'm',
        created_at: new Date().toISOString(),
        message: { role: 'assistant', content: '', thinking: t },
        done: false
      }) + '\n',
    text: (t) =>
      JSON.stringify({ model: 'm', created_at: new Date().toISOString(), message: { role: 'assistant', content: t }, done: false }) + '\n',
    end: [
      JSON.stringify({
        model: 'm',
        created_at: new Date().toISOString(),
        message: { role: 'assistant', content: '' },
        done: true,
        done_reason: 'stop',
        eval_count: 1
      }) + '\n'
    ]
  },
  anthropic: {
    type: 'text/event-stream',
    start: [
      sse(anthropicMessageStart('m'), 'message_start'),
      sse({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } }, 'content_block_start')
    ],
    thought: (t) => sse({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: t } }, 'content_block_delta'),
    text: (t) =>
      sse({ type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } }, 'content_block_delta') +
      sse({ type: 'content_block_stop', index: 0 }, 'content_block_stop') +
      sse({ type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } }, 'content_block_start') +
      sse({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: t } }, 'content_block_delta'),
    end: [
      sse({ type: 'content_block_stop', index: 1 }, 'content_block_stop'),
      sse({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } }, 'message_delta'),
      sse({ type: 'message_stop' }, 'message_stop')
    ]
  },
  gemini: {
    type: 'text/event-stream',
    start: [],
    thought: (t) => sse({ candidates: [{ content: { parts: [{ text: t, thought: true }], role: 'model' }, index: 0 }] }),
    text: (t) => sse({ candidates: [{ content: { parts: [{ text: t }], role: 'model' }, index: 0 }] }),
    end: [sse({ candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'STOP', index: 0 }] })]
  }
}

/** What the server does before the answer's text: think aloud, or say nothing for as long. */
let before: 'think' | 'silence' = 'think'
const reply = async (req: IncomingMessage, res: ServerResponse) => {
  for await (const _ of req) void _
  const url = req.url ?? ''
  const wire =
    url === '/api/chat' ? WIRES.ollama : url.endsWith('/messages') ? WIRES.anthropic : url.includes(':stream') ? WIRES.gemini : WIRES.openai
  res.writeHead(200, { 'Content-Type': wire.type })
  for (const s of wire.start) res.write(s)
  for (let i = 0; i < THOUGHTS; i++) {
    await sleep(THOUGHT_GAP_MS)
    if (before === 'think') res.write(wire.thought(`step ${i} of the reasoning. `))
  }
  res.write(wire.text(ANSWER))
  for (const s of wire.end) res.write(s)
  res.end()
}
const local = useLoopbackServer((req, res) => void reply(req, res))

const KINDS: [ProviderKind, string][] = [
  ['DeepSeek', '/v1'],
  ['OpenAI', '/v1'],
  ['Ollama', ''],
  ['Claude', '/v1'],
  ['Gemini', '/v1beta']
]

/** One answer's call to the server at `baseUrl`, as the answer runtime makes it. */
async function ask(kind: ProviderKind, baseUrl: string) {
  const deltas: string[] = []
  const request = {
    target: { kind, model: 'm', baseUrl, apiKey: 'sk-test-key-123456' },
    options: { prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'What is six times seven?' }] }] },
    stream: true,
    timeouts: TIMEOUTS,
    maxTextBytes: 1 << 20,
    wireLimit: 1 << 28
  }
  const result = await runAnswerCall(request, fetch, new AbortController().signal, (d) => deltas.push(d))
  return { ...result, deltas }
}

describe('a reasoning model thinking for longer than the first-chunk time-out', () => {
  it.each(KINDS)('%s: is still answering while its thoughts stream, and only the answer is kept', async (kind, path) => {
    before = 'think'
    const result = await ask(kind, local.url + path)
    expect(result).toMatchObject({ kind: 'done', text: ANSWER })
    expect(result.deltas.join('')).toBe(ANSWER)
  })

  it.each(KINDS)('%s: silence for as long still times out', async (kind, path) => {
    before = 'silence'
    const result = await ask(kind, local.url + path)
    expect(result).toMatchObject({ kind: 'failed', failure: { kind: 'timeout' } })
  })
})

/*
 * Servers that do not separate a model's thinking (Ollama without `think`, llama.cpp with
 * reasoning_format none, older LM Studio) put it in the answer's text between <think> tags.
 */
describe('thinking sent inline, between <think> tags at the start of the text', () => {
  let pieces: string[] = []
  const inline = useLoopbackServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' })
      for (const p of pieces) res.write(WIRES.openai.text(p))
      for (const s of WIRES.openai.end) res.write(s)
      res.end()
    })
  })

  const inlineAsk = () => ask('OpenAI', `${inline.url}/v1`)

  it('keeps only the answer, whatever the pieces the tags arrive in', async () => {
    pieces = ['<th', 'ink>\nOkay, six times', ' seven. Let me compute.\n</thi', 'nk>', '\n\n', 'The answer ', 'is 42.']
    const result = await inlineAsk()
    expect(result).toMatchObject({ kind: 'done', text: ANSWER })
    expect(result.deltas.join('')).toBe(ANSWER)
  })

  it('leaves an answer alone that only mentions the tag later on', async () => {
    pieces = ['Use ', '<think> tags', ' for that.']
    const result = await inlineAsk()
    expect(result).toMatchObject({ kind: 'done', text: 'Use <think> tags for that.' })
    expect(result.deltas.join('')).toBe('Use <think> tags for that.')
  })

  it('gives back everything when the thinking never closes (nothing is lost)', async () => {
    pieces = ['<think>', 'Still thinking when it ended']
    const result = await inlineAsk()
    expect(result).toMatchObject({ kind: 'done', text: '<think>Still thinking when it ended' })
    expect(result.deltas.join('')).toBe('<think>Still thinking when it ended')
  })
})
