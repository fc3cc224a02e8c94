import type { ServerResponse } from 'node:http'
import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import type { ProviderKind } from '../../src/shared/contract/identity'
import { runAnswerCall } from '../../src/main/runtime/answer-call'
import { anthropicMessageStart } from '../support/fake-llm'

/*
 * A provider that streams one event without end: a line that never closes (one JSON object of
 * hundreds of MB), or an event whose `data:` lines never meet the blank line that ends it. Each
 * piece of such an event is held until the event ends, so without a limit of its own the call held
 * what the wire limit allows (257 MiB at the default answer size): an Ollama line of 100 MB took
 * 105 s of CPU and 1.4 GB, a Claude or Gemini event of 100 MB 300 MB of memory, per call, with
 * four calls at once per server. The call must end early, as an unreadable reply, having read
 * a few MiB at most.
 */

const MIB = 1024 * 1024
/** What the runtime gives a call at the default answer size (see answer-runtime's wireLimit). */
const MAX_TEXT = MIB - 100
const WIRE_LIMIT = 256 * MIB + MIB
const FLOOD = 200 * MIB

type Shape = 'one-line' | 'many-data-lines'
const OPENERS: Record<string, { contentType: string; head: string }> = {
  Ollama: { contentType: 'application/x-ndjson', head: '{"model":"m","message":{"role":"assistant","content":"' },
  Claude: {
    contentType: 'text/event-stream',
    head:
      `event: message_start\ndata: ${JSON.stringify(anthropicMessageStart('m'))}\n\n` +
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"'
  },
  Gemini: { contentType: 'text/event-stream', head: 'data: {"candidates":[{"content":{"parts":[{"text":"' }
}

let kind: ProviderKind
let shape: Shape
const sent: { bytes: number; closedEarly: boolean; closed: Promise<void> } = { bytes: 0, closedEarly: false, closed: Promise.resolve() }

function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}

async function flood(res: ServerResponse) {
  const opener = OPENERS[kind]!
  res.writeHead(200, { 'Content-Type': opener.contentType })
  sent.closed = new Promise((resolve) =>
    res.on('close', () => {
      sent.closedEarly = sent.bytes < FLOOD
      resolve()
    })
  )
  res.write(opener.head)
  // A line that never ends, or (SSE) data lines of 64 KiB that never reach the blank line ending their event.
  const piece = shape === 'one-line' ? 'a'.repeat(64 * 1024) : `${'a'.repeat(64 * 1024 - 7)}\ndata: `
  while (sent.bytes < FLOOD) {
    if (res.destroyed) return
    sent.bytes += piece.length
    if (!res.write(piece)) await drainedOrClosed(res)
  }
  res.end()
}

const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => void flood(res))
})

async function ask(k: ProviderKind, s: Shape) {
  kind = k
  shape = s
  sent.bytes = 0
  sent.closedEarly = false
  const path = k === 'Ollama' ? '' : k === 'Gemini' ? '/v1beta' : '/v1'
  const started = performance.now()
  const result = await runAnswerCall(
    {
      target: { kind: k, model: 'm', baseUrl: local.url + path, ...(k === 'Ollama' ? {} : { apiKey: 'sk-test-key-123456' }) },
      options: { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello?' }] }] },
      stream: true,
      timeouts: { firstChunkMs: 20_000, idleMs: 20_000 },
      maxTextBytes: MAX_TEXT,
      wireLimit: WIRE_LIMIT
    },
    fetch,
    new AbortController().signal,
    () => {}
  )
  return { result, ms: performance.now() - started }
}

describe('an event that never ends', () => {
  it.each<[ProviderKind, Shape]>([
    ['Ollama', 'one-line'],
    ['Claude', 'one-line'],
    ['Claude', 'many-data-lines'],
    ['Gemini', 'one-line'],
    ['Gemini', 'many-data-lines']
  ])('%s, %s: the call ends early as an unreadable reply, having read a few MiB', async (k, s) => {
    const { result, ms } = await ask(k, s)
    expect(result.kind).toBe('failed')
    const message = result.kind === 'failed' ? result.failure.message : ''
    expect(message).toMatch(/sent a reply that is not a chat answer \(it sent an event larger than 8 MiB\)/)
    expect(message).not.toContain('sk-test-key-123456')
    // The connection is closed (the server hears it a moment after the call ends).
    await sent.closed
    expect(sent.closedEarly).toBe(true)
    // The node reads past the limit only what was already on its way (socket buffers).
    expect(sent.bytes).toBeLessThan(24 * MIB)
    expect(ms).toBeLessThan(10_000)
  })
})
