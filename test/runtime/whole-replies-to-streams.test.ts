import { describe, expect, it } from 'vitest'
import { useLoopbackServer } from '../support/loopback-server'
import { askOnce } from '../support/answers'
import { useTestNode } from '../support/node'

/*
 * A proxy before Claude or Gemini that ignores `stream: true` and answers the streamed question with
 * 200 and the whole, non-streamed JSON reply. The SDK read that body as events, found none, and the
 * answer was stored as an empty one: now it is read as the answer, as for OpenAI-compatible servers
 * that do the same. An error object in such a body is the usual note in the server's own words.
 * Real node, real HTTP.
 */

const CLAUDE_MESSAGE = {
  id: 'msg_01',
  type: 'message',
  role: 'assistant',
  model: 'model-a',
  content: [
    { type: 'thinking', thinking: 'The user greets me.', signature: 'sig-1' },
    { type: 'text', text: 'Hello from a proxy, ' },
    { type: 'text', text: 'whole and not streamed.' }
  ],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 12, output_tokens: 9 }
}
const geminiReply = (text: string, finishReason?: string) => ({
  candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0, ...(finishReason && { finishReason }) }],
  usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 5, totalTokenCount: 9 }
})

let reply: unknown
const server = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply)))
})
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 5000, idleMs: 5000 }, rateLimitRetries: 0 } })

const ask = (kind: string, path: string) => askOnce(node, kind, `${server.url}${path}`)

describe('a streamed question answered with the whole JSON reply', () => {
  it('Claude: the message is the answer, not an empty one', async () => {
    reply = CLAUDE_MESSAGE
    const answer = await ask('Claude', '/v1')
    expect(answer.error).toBeUndefined()
    expect(answer.content).toBe('Hello from a proxy, whole and not streamed.')
  })

  it('Gemini: the reply is the answer, not an empty one', async () => {
    reply = geminiReply('Hello from a Gemini proxy.', 'STOP')
    const answer = await ask('Gemini', '/v1beta')
    expect(answer.error).toBeUndefined()
    expect(answer.content).toBe('Hello from a Gemini proxy.')
  })

  it('Gemini: the JSON array streamGenerateContent sends without alt=sse is the answer', async () => {
    reply = [geminiReply('Hello in '), geminiReply('two pieces.', 'STOP')]
    const answer = await ask('Gemini', '/v1beta')
    expect(answer.error).toBeUndefined()
    expect(answer.content).toBe('Hello in two pieces.')
  })

  it('Gemini: an item of the array holding only the usage (as Gemini 3 models end a stream) is part of the answer', async () => {
    const { usageMetadata } = geminiReply('')
    reply = [geminiReply('Hello in '), geminiReply('two pieces.', 'STOP'), { usageMetadata, modelVersion: 'gemini-3-flash' }]
    const answer = await ask('Gemini', '/v1beta')
    expect(answer.error).toBeUndefined()
    expect(answer.content).toBe('Hello in two pieces.')
  })

  it.each([
    ['Claude', '/v1', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded, try again later' } }],
    ['Gemini', '/v1beta', { error: { code: 503, message: 'Overloaded, try again later', status: 'UNAVAILABLE' } }],
    ['Gemini', '/v1beta', [geminiReply('Hello'), { error: { code: 503, message: 'Overloaded, try again later', status: 'UNAVAILABLE' } }]]
  ])('%s: an error object in the body is the server’s own words (case %#)', async (kind, path, body) => {
    reply = body
    const answer = await ask(kind, path)
    expect(answer.error).toBeDefined()
    expect(answer.content).toMatch(/^⚠ .*reported an error: "Overloaded, try again later"\./)
  })

  it.each([
    ['Claude', '/v1'],
    ['Gemini', '/v1beta']
  ])('%s: JSON that holds no answer is not a chat answer, not an empty answer', async (kind, path) => {
    reply = { status: 'ok', version: '1.2.3' }
    const answer = await ask(kind, path)
    expect(answer.error).toBeDefined()
    expect(answer.content).toMatch(
      /^⚠ .* sent a reply that is not a chat answer \(it is not an event stream but application\/json, starting "\{"status":"ok"/
    )
    expect(answer.content).not.toMatch(/empty answer/)
  })
})
