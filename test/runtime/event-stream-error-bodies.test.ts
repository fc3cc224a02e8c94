import { describe, expect, it } from 'vitest'
import type { ProviderKind } from '../../src/shared/contract/identity'
import { streamedCall } from '../support/answer-calls'
import { useLoopbackServer } from '../support/loopback-server'

/*
 * An error status whose body is labelled, and framed as, an event stream (a server that streams
 * whatever the status, a proxy relabelling every reply to `stream: true`): the SDKs read an error
 * body as JSON only, so the note quoted the status line's "Internal Server Error" as if the server
 * had reported it inside a stream, and the server's own words were lost. They are quoted now, with
 * the HTTP status it sent, cleaned as the words of a JSON or text error body are (the key taken out,
 * control characters dropped).
 */

const KEY = 'sk-test-key-123456'
let body = ''
let status = 500
const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(status, { 'Content-Type': 'text/event-stream' })
    res.end(body)
  })
})

const BASES: Record<string, string> = { OpenAI: '/v1', Ollama: '', Claude: '/v1', Gemini: '/v1beta' }
const sse = (data: unknown, event?: string) =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`
const failureOf = async (kind: ProviderKind) => {
  const result = await streamedCall(kind, local.url + BASES[kind])
  expect(result.kind).toBe('failed')
  return result.kind === 'failed' ? result.failure : undefined
}

describe.each(['OpenAI', 'Claude', 'Gemini', 'Ollama'] as ProviderKind[])('%s', (kind) => {
  it("a 500 whose body is an OpenAI-style error event quotes the server's words with the status it sent", async () => {
    status = 500
    body = `: starting\n\n${sse({ error: { message: 'The GPU fell over', type: 'server_error' } })}data: [DONE]\n\n`
    const failure = await failureOf(kind)
    expect(failure?.message).toContain('failed (HTTP 500: "The GPU fell over")')
    expect(failure?.kind).toBe('provider_error')
  })

  it("a 529 whose body is Claude's error event quotes it, the key and control characters taken out", async () => {
    status = 529
    body = sse({ type: 'error', error: { type: 'overloaded_error', message: `Overloaded\u001b[31m for key ${KEY}` } }, 'error')
    const failure = await failureOf(kind)
    expect(failure?.message).toContain('(HTTP 529: "Overloaded for key [redacted]")')
    expect(failure?.message).not.toContain(KEY)
  })

  it('a 401 whose body is a plain-text event says the key was rejected, quoting it', async () => {
    status = 401
    body = 'event: error\r\ndata: invalid token\r\n\r\n'
    const failure = await failureOf(kind)
    expect(failure?.kind).toBe('auth')
    expect(failure?.message).toContain('rejected the API key (HTTP 401: "invalid token")')
  })
})
