import { expect, it } from 'vitest'
import type { ProviderKind } from '../../src/shared/contract/identity'
import { streamedCall } from '../support/answer-calls'
import { wholeReplyFor } from '../support/completions'
import { useLoopbackServer } from '../support/loopback-server'

/*
 * A proxy or server that labels every reply to a request for a stream `text/event-stream`, and sends
 * the whole reply (one JSON value). An OpenAI-compatible answer that came whole was stored as broken
 * off ("the connection closed before the answer finished"); Claude's and Gemini's lost their text.
 * A provider check (which asks for a whole reply) passed against such a server, and every chat failed.
 */
const TEXT = 'Hello from a whole reply.'
let asArray = false
const server = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    const reply = wholeReplyFor(new URL(req.url!, 'http://x').pathname, TEXT)
    res.writeHead(200, { 'Content-Type': 'text/event-stream' })
    // Gemini's streamGenerateContent without alt=sse sends an array of its chunks.
    res.end(`\n${JSON.stringify(asArray ? [reply] : reply)}`)
  })
})

const BASES: Record<string, string> = { OpenAI: '/v1', Claude: '/v1', Gemini: '/v1beta' }
const call = (kind: ProviderKind) => streamedCall(kind, server.url + BASES[kind], { firstChunkMs: 5000, idleMs: 5000 })

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
