import type { IncomingMessage, ServerResponse } from 'node:http'
import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import type { ProviderKind } from '../../src/shared/contract/identity'
import { runAnswerCall } from '../../src/main/runtime/answer-call'
import { anthropicMessageStart } from '../support/fake-llm'

/*
 * Failures a server reports after it has started a successful (200) reply, in its own protocol's
 * words: Anthropic's `error` event (overloaded_error is common under load), and Ollama's
 * `{"error": "..."}` line when its model runner crashes mid-answer. Each must end the answer as a
 * failure carrying the server's words, never as a complete answer nor as "[object Object]".
 */

type Reply = (req: IncomingMessage, res: ServerResponse, body: { stream?: boolean }) => void
const sse = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`
const ndjson = (o: object) => JSON.stringify({ model: 'm', created_at: '2025-01-01T00:00:00Z', ...o }) + '\n'

const REPLIES: Record<string, Reply> = {
  'ollama-cut-while-thinking': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson' })
    res.write(ndjson({ message: { role: 'assistant', content: '', thinking: 'Let me think' }, done: false }))
    setTimeout(() => res.destroy(), 50)
  },
  'anthropic-overloaded': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' })
    res.write(sse('message_start', anthropicMessageStart('m')))
    res.write(sse('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }))
    res.write(sse('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'The first half' } }))
    res.end(sse('error', { error: { type: 'overloaded_error', message: 'Overloaded' } }))
  },
  'anthropic-rate-limited-first': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' })
    res.end(
      sse('error', { error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' } })
    )
  },
  // Anthropic's overloaded servers often send the error before any text.
  'anthropic-overloaded-first': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' })
    res.end(sse('error', { error: { type: 'overloaded_error', message: 'Overloaded' } }))
  },
  // vLLM, LiteLLM and OpenRouter name the event `error` and send OpenAI's error object in it.
  'openai-error-event': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' })
    res.write(
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'The first half' } }] })}\n\n`
    )
    res.end(
      `event: error\ndata: ${JSON.stringify({ error: { message: 'Upstream provider overloaded', type: 'server_error', code: 502 } })}\n\n`
    )
  },
  'ollama-runner-crash': (_req, res, body) => {
    res.writeHead(200, { 'Content-Type': body.stream === false ? 'application/json; charset=utf-8' : 'application/x-ndjson' })
    if (body.stream === false)
      return void res.end(JSON.stringify({ error: 'model runner has unexpectedly stopped, this may be due to resource limitations' }))
    res.write(ndjson({ message: { role: 'assistant', content: 'The first half' }, done: false }))
    res.end(JSON.stringify({ error: 'model runner has unexpectedly stopped, this may be due to resource limitations' }) + '\n')
  }
}

let reply: Reply
const local = useLoopbackServer((req, res) => {
  let raw = ''
  req.on('data', (c: Buffer) => (raw += c.toString()))
  req.on('end', () => reply(req, res, raw ? (JSON.parse(raw) as { stream?: boolean }) : {}))
})

async function ask(kind: ProviderKind, path: string, stream = true) {
  const request = {
    target: { kind, model: 'm', baseUrl: local.url + path, apiKey: 'sk-test-key-123456' },
    options: { prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hello?' }] }] },
    stream,
    timeouts: { firstChunkMs: 3000, idleMs: 3000 },
    maxTextBytes: 1 << 20,
    wireLimit: 1 << 28
  }
  return runAnswerCall(request, fetch, new AbortController().signal, () => {})
}

describe('a failure reported inside a successful reply', () => {
  it("Claude: an error event mid-stream fails the answer with Anthropic's message", async () => {
    reply = REPLIES['anthropic-overloaded']!
    const result = await ask('Claude', '/v1')
    expect(result.kind).toBe('failed')
    const message = result.kind === 'failed' ? result.failure.message : ''
    expect(message).toBe(
      `Anthropic Claude at ${local.url}/v1 reported an error: "Overloaded". Try again; if it keeps failing, look at the server's log or choose another model.`
    )
  })

  it('Claude: an error event that opens the stream fails the answer with its words, and no status the server never sent', async () => {
    reply = REPLIES['anthropic-overloaded-first']!
    const result = await ask('Claude', '/v1')
    expect(result.kind).toBe('failed')
    const failure = result.kind === 'failed' ? result.failure : undefined
    // The SDK gave it the status it infers for the error's type (529); the reply was a 200.
    expect(failure?.status).toBeUndefined()
    expect(failure?.message).toBe(
      `Anthropic Claude at ${local.url}/v1 reported an error: "Overloaded". Try again; if it keeps failing, look at the server's log or choose another model.`
    )
  })

  it('Claude: a rate_limit_error that opens the stream is a rate limit (status 429), so the question waits and is asked again', async () => {
    reply = REPLIES['anthropic-rate-limited-first']!
    const result = await ask('Claude', '/v1')
    expect(result.kind).toBe('failed')
    const failure = result.kind === 'failed' ? result.failure : undefined
    expect(failure?.status).toBe(429)
    // The server's words, and no "HTTP 429": its reply was a 200 event stream.
    expect(failure?.message).toBe(
      `Anthropic Claude at ${local.url}/v1 is limiting requests ("Number of request tokens has exceeded your per-minute rate limit"). Wait a moment and try again, or check your plan's limits.`
    )
  })

  it('OpenAI-compatible: an `event: error` holding an error object fails the answer with its message, not the JSON', async () => {
    reply = REPLIES['openai-error-event']!
    const result = await ask('OpenAI', '/v1')
    expect(result).toMatchObject({ kind: 'failed', text: 'The first half' })
    const message = result.kind === 'failed' ? result.failure.message : ''
    expect(message).toBe(
      `The OpenAI-compatible server at ${local.url}/v1 reported an error: "Upstream provider overloaded". Try again; if it keeps failing, look at the server's log or choose another model.`
    )
  })

  it.each([true, false])(
    "Ollama: an error line from a crashed model runner fails the answer with Ollama's message (stream %s)",
    async (stream) => {
      reply = REPLIES['ollama-runner-crash']!
      const result = await ask('Ollama', '', stream)
      expect(result.kind).toBe('failed')
      const message = result.kind === 'failed' ? result.failure.message : ''
      expect(message).toBe(
        `The Ollama server at ${local.url} reported an error: "model runner has unexpectedly stopped, this may be due to resource limitations". Try again; if it keeps failing, look at the server's log or choose another model.`
      )
    }
  )
})

it('a connection cut while the model was still thinking says it broke off, not that the server could not be reached', async () => {
  reply = REPLIES['ollama-cut-while-thinking']!
  const result = await ask('Ollama', '')
  expect(result.kind === 'failed' && result.failure.message).toBe(
    `The Ollama server at ${local.url} broke off the answer (connection closed). Try again; if it keeps happening, look at the server's log.`
  )
})
