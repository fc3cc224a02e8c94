import { expect, it } from 'vitest'
import type { ProviderKind } from '../../src/shared/contract/identity'
import { runAnswerCall } from '../../src/main/runtime/answer-call'
import { useLoopbackServer } from '../support/loopback-server'

/*
 * A proxy or server that labels every reply to a request for a stream `text/event-stream`, and sends
 * the whole reply (one JSON value). An OpenAI-compatible answer that came whole was stored as broken
 * off ("the connection closed before the answer finished"); Claude's and Gemini's lost their text.
 * A provider check (which asks for a whole reply) passed against such a server, and every chat failed.
 */
const TEXT = 'Hello from a whole reply.'
const WHOLE: Record<string, unknown> = {
  '/v1/chat/completions': {
    id: 'x',
    object: 'chat.completion',
    created: 1,
    model: 'm',
    choices: [{ index: 0, message: { role: 'assistant', content: TEXT }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 5, total_tokens: 6 }
  },
  '/v1/messages': {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'm',
    content: [{ type: 'text', text: TEXT }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 5 }
  },
  '/v1beta/models/m:streamGenerateContent': {
    candidates: [{ content: { parts: [{ text: TEXT }], role: 'model' }, finishReason: 'STOP', index: 0 }]
  }
}
let asArray = false
const server = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    const reply = WHOLE[new URL(req.url!, 'http://x').pathname]
    res.writeHead(reply ? 200 : 404, { 'Content-Type': 'text/event-stream' })
    // Gemini's streamGenerateContent without alt=sse sends an array of its chunks.
    res.end(`\n${JSON.stringify(asArray ? [reply] : reply)}`)
  })
})

const BASES: Record<string, string> = { OpenAI: '/v1', Claude: '/v1', Gemini: '/v1beta' }
const call = (kind: ProviderKind) =>
  runAnswerCall(
    {
      target: { kind, model: 'm', baseUrl: server.url + BASES[kind], apiKey: 'sk-test-key-123456' },
      options: { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello?' }] }] },
      stream: true,
      timeouts: { firstChunkMs: 5000, idleMs: 5000 },
      maxTextBytes: 1 << 20,
      wireLimit: 1 << 28
    },
    fetch,
    new AbortController().signal,
    () => {}
  )

it.each(['OpenAI', 'Claude', 'Gemini'] as ProviderKind[])(
  '%s: a whole reply labelled an event stream is the whole answer, not one broken off or empty',
  async (kind) => {
    asArray = false
    const result = await call(kind)
    expect(result).toMatchObject({ kind: 'done', text: TEXT })
    expect(result.kind === 'done' && result.endedBy).toBeFalsy()
  }
)

it('Gemini: its array of chunks labelled an event stream is the whole answer', async () => {
  asArray = true
  expect(await call('Gemini')).toMatchObject({ kind: 'done', text: TEXT })
})
