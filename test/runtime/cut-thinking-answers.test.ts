import type { IncomingMessage, ServerResponse } from 'node:http'
import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { runAnswerCall } from '../../src/main/runtime/answer-call'
import type { ProviderKind } from '../../src/shared/contract/identity'
import { MIB } from '../../src/shared/contract/limits'
import { anthropicMessageStart } from '../support/fake-llm'

/*
 * A thinking model's answer larger than the wire takes (9 MiB for a 1 MiB answer): its thoughts
 * (Gemini's parts with `"thought": true`, Claude's `thinking` blocks) come before the text, and
 * must never be kept as the answer. With streaming off, the text kept from the cut reply was the
 * first `text` string in it, which for Gemini was the thought.
 */

const THOUGHT = 'THOUGHT: the user wants a long text, I will plan it. '.repeat(200)
const TEXT = 'Ça va "bien"\n'.repeat(Math.ceil((12 * MIB) / 13))
const WIRE_LIMIT = 9 * MIB

const sse = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`
/** The answer's text in pieces of 256 KiB, as a stream sends it. */
const pieces = Array.from({ length: Math.ceil(TEXT.length / (256 * 1024)) }, (_, i) => TEXT.slice(i * 256 * 1024, (i + 1) * 256 * 1024))

/** Whether the Gemini part says it is a thought before its text (Gemini puts it after). */
let thoughtFlagFirst = false
const geminiThought = () => (thoughtFlagFirst ? { thought: true, text: THOUGHT } : { text: THOUGHT, thought: true })

function whole(url: string): object {
  if (url.endsWith('/messages')) {
    return {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'm',
      content: [
        { type: 'thinking', thinking: THOUGHT, signature: 'sig' },
        { type: 'text', text: TEXT }
      ],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 5, output_tokens: 9 }
    }
  }
  return { candidates: [{ content: { parts: [geminiThought(), { text: TEXT }], role: 'model' }, finishReason: 'STOP', index: 0 }] }
}

function streamed(url: string): string[] {
  if (url.endsWith('/messages')) {
    return [
      sse(anthropicMessageStart('m'), 'message_start'),
      sse({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } }, 'content_block_start'),
      sse({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: THOUGHT } }, 'content_block_delta'),
      sse({ type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } }, 'content_block_delta'),
      sse({ type: 'content_block_stop', index: 0 }, 'content_block_stop'),
      sse({ type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } }, 'content_block_start'),
      ...pieces.map((t) => sse({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: t } }, 'content_block_delta')),
      sse({ type: 'content_block_stop', index: 1 }, 'content_block_stop'),
      sse({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } }, 'message_delta'),
      sse({ type: 'message_stop' }, 'message_stop')
    ]
  }
  const chunk = (part: object, finishReason?: string) =>
    sse({ candidates: [{ content: { parts: [part], role: 'model' }, index: 0, finishReason }] })
  return [chunk(geminiThought()), ...pieces.map((t) => chunk({ text: t })), chunk({ text: '' }, 'STOP')]
}

const reply = async (req: IncomingMessage, res: ServerResponse) => {
  const body: Buffer[] = []
  for await (const b of req) body.push(b as Buffer)
  const url = req.url ?? ''
  const stream = url.includes(':stream') || (JSON.parse(Buffer.concat(body).toString()) as { stream?: boolean }).stream === true
  res.on('error', () => {})
  if (!stream) {
    res.writeHead(200, { 'Content-Type': 'application/json' })
    return res.end(JSON.stringify(whole(url)))
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream' })
  for (const event of streamed(url)) {
    if (res.destroyed) return
    if (!res.write(event)) await new Promise((r) => res.once('drain', r))
  }
  res.end()
}
const local = useLoopbackServer((req, res) => void reply(req, res))

async function ask(kind: ProviderKind, stream: boolean) {
  const request = {
    target: { kind, model: 'm', baseUrl: `${local.url}${kind === 'Gemini' ? '/v1beta' : '/v1'}`, apiKey: 'sk-cut-thinking-0123456789' },
    options: { prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Write at length.' }] }] },
    stream,
    timeouts: { firstChunkMs: 10_000, idleMs: 10_000, unstreamedMs: 20_000 },
    maxTextBytes: MIB,
    wireLimit: WIRE_LIMIT
  }
  return runAnswerCall(request, fetch, new AbortController().signal, () => {})
}

describe("a thinking model's answer larger than the wire takes keeps the answer's text, never a thought", () => {
  it.each([
    ['Gemini', false, false],
    ['Gemini', false, true],
    ['Claude', false, false],
    ['Gemini', true, false],
    ['Claude', true, false]
  ] as [ProviderKind, boolean, boolean][])(
    '%s, streamed %s (thought flag before its text: %s)',
    async (kind, stream, flagFirst) => {
      thoughtFlagFirst = flagFirst
      const result = await ask(kind, stream)
      expect(result.kind).toBe('truncated')
      expect(result.text).not.toContain('THOUGHT')
      expect(TEXT.startsWith(result.text)).toBe(true)
      // Up to the limit, less at most one character that did not fit whole.
      expect(Buffer.byteLength(result.text)).toBeGreaterThan(MIB - 4)
    },
    30_000
  )
})
