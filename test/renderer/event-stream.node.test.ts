// Needs Node (a real HTTP server on 127.0.0.1): named *.node.test.ts so a Node-typed config covers it.
import type { IncomingMessage, ServerResponse } from 'node:http'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLoopbackServer } from '../support/loopback-server'
import { readEventStream, type StreamEvent } from '../../src/renderer/src/api/event-stream'
import { httpTransport } from '../../src/renderer/src/api/transport'
import type { NodeEvent } from '../../src/shared/contract/events'

/** One connection to /v2/events as the server saw it. */
interface Connection {
  readonly headers: IncomingMessage['headers']
  readonly res: ServerResponse
  closed: boolean
  readonly at: number
}

/** What the test server does with each new events connection (by its index, from 0). */
type Script = (res: ServerResponse, index: number) => void | Promise<void>

let connections: Connection[]
let script: Script
const stops: (() => void)[] = []

beforeEach(() => {
  connections = []
  script = (res) => void res.writeHead(200, { 'Content-Type': 'text/event-stream' })
})
// Registered before the afterEach below, so that it runs after it (after-hooks run in reverse): the
// streams are stopped before the server closes, as they were.
const local = useLoopbackServer(
  (req, res) => {
    req.socket.setNoDelay(true)
    const c: Connection = { headers: req.headers, res, closed: false, at: performance.now() }
    connections.push(c)
    res.on('close', () => (c.closed = true))
    void script(res, connections.length - 1)
  },
  { perTest: true }
)
afterEach(() => {
  stops.splice(0).forEach((stop) => stop())
})

const streamHead = (res: ServerResponse) => res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' })
/** Writes each piece as its own chunk, letting each reach the reader before the next. */
async function writeInPieces(res: ServerResponse, pieces: readonly (string | Uint8Array)[]) {
  for (const piece of pieces) {
    res.write(piece)
    await new Promise((r) => setTimeout(r, 2))
  }
}

/** Reads the events the real transport delivers from the test server. */
function listen(token: string | null = 'tok-123') {
  const events: NodeEvent[] = []
  const resumed: number[] = []
  const stop = httpTransport(local.url, token).onEvent(
    (e) => events.push(e),
    () => resumed.push(events.length)
  )
  stops.push(stop)
  return { events, resumed, stop }
}

const inboxChanged = (id: string): NodeEvent => ({ type: 'inbox_changed', data: { inbox_id: id, inbox: null } })
const delta = (text: string, inbox = 'i1', parent = 'q1'): NodeEvent => ({ type: 'message_delta', data: { inbox, text, parent } })
const frame = (e: NodeEvent, eol = '\n') => `event: ${e.type}${eol}data: ${JSON.stringify(e.data)}${eol}${eol}`

describe('node events over HTTP (real server, real fetch)', () => {
  it('asks /v2/events with the bearer token, and without Authorization when there is no token', async () => {
    listen('tok-123')
    await expect.poll(() => connections.length).toBe(1)
    expect(connections[0]!.headers.authorization).toBe('Bearer tok-123')
    listen(null)
    await expect.poll(() => connections.length).toBe(2)
    expect(connections[1]!.headers.authorization).toBeUndefined()
  })

  it('delivers events in order across chunk boundaries anywhere, skipping comments and heartbeats', async () => {
    const sent = [
      inboxChanged('job_inbox::a::false'),
      delta('Bon'),
      delta('jour ✓ 日本'),
      { type: 'provider_changed', data: { id: 'gpt' } } as const
    ]
    const text = `: connected\n\n${frame(sent[0]!)}: ping\n\n${frame(sent[1]!)}${frame(sent[2]!)}:ping without space\n${frame(sent[3]!)}`
    const bytes = new TextEncoder().encode(text)
    const at = (n: number) => bytes.indexOf(n)
    // Cut inside "event:", right after a line's LF, between the two LFs ending an event,
    // inside a multi-byte character (✓ is 3 bytes, 日 is 3), and inside a comment.
    const cuts = [3, at(10) + 1, text.indexOf('\n\n', 20) + 1, at(0xe2) + 1, at(0xe6) + 2, text.indexOf(':ping') + 3]
    const pieces = [0, ...cuts.sort((x, y) => x - y), bytes.length].slice(1).map((end, i, ends) => bytes.slice(i ? ends[i - 1] : 0, end))
    script = async (res) => {
      streamHead(res)
      await writeInPieces(res, pieces)
    }
    const { events } = listen()
    await expect.poll(() => events.length).toBe(4)
    expect(events).toEqual(sent)
    expect(connections).toHaveLength(1)
  })

  it('reads CRLF and lone CR line endings, even a CRLF split between two chunks', async () => {
    const a = inboxChanged('crlf')
    const b = inboxChanged('cr')
    const c = inboxChanged('split')
    script = async (res) => {
      streamHead(res)
      await writeInPieces(res, [
        frame(a, '\r\n'),
        frame(b, '\r'),
        `event: ${c.type}\r`,
        `\ndata: ${JSON.stringify(c.data)}\r`,
        '\n\r',
        '\n'
      ])
    }
    const { events } = listen()
    await expect.poll(() => events.length).toBe(3)
    expect(events).toEqual([a, b, c])
  })

  it('joins an event’s data lines with line breaks (JSON spread over lines)', async () => {
    script = async (res) => {
      streamHead(res)
      await writeInPieces(res, ['event: message_delta\ndata: {"inbox": "i1",\ndata: "text": "two\\nlines",\ndata:"parent":"q1"}\n\n'])
    }
    const { events } = listen()
    await expect.poll(() => events.length).toBe(1)
    expect(events[0]).toEqual(delta('two\nlines'))
  })

  it('skips an event that is not JSON, not a known type or not the known shape, and keeps reading the same stream', async () => {
    script = async (res) => {
      streamHead(res)
      await writeInPieces(res, [
        'event: inbox_changed\ndata: {not json\n\n',
        'event: unknown_kind\ndata: {}\n\n',
        'event: inbox_changed\ndata: {"inbox": 1}\n\n',
        'data: {"inbox_id": "no event name"}\n\n',
        frame(inboxChanged('after the bad ones'))
      ])
    }
    const { events } = listen()
    await expect.poll(() => events.length).toBe(1)
    expect(events).toEqual([inboxChanged('after the bad ones')])
    expect(connections).toHaveLength(1)
  })

  it('reconnects when the stream ends, and events on the new stream arrive', async () => {
    script = (res, i) => {
      streamHead(res)
      res.write(frame(inboxChanged(`stream ${i}`)))
      if (i === 0) res.end()
    }
    const { events, resumed } = listen()
    await expect
      .poll(() => events.map((e) => (e.data as { inbox_id: string }).inbox_id), { timeout: 5000 })
      .toEqual(['stream 0', 'stream 1'])
    expect(connections).toHaveLength(2)
    // Events sent during the break were missed: the window is told once, when the stream is back.
    expect(resumed).toEqual([1])
    expect(connections[1]!.headers.authorization).toBe('Bearer tok-123')
    expect(connections[1]!.at - connections[0]!.at).toBeGreaterThanOrEqual(450) // waits before retrying
  })

  it('retries a refused stream (e.g. 503 or 502) with growing waits, then reads events once it is served', async () => {
    script = (res, i) => {
      if (i < 2) {
        res.writeHead(i === 0 ? 503 : 502, { 'Content-Type': 'application/json' }).end('{}')
        return
      }
      streamHead(res)
      res.write(frame(inboxChanged('finally')))
    }
    const { events } = listen()
    await expect.poll(() => events, { timeout: 6000 }).toEqual([inboxChanged('finally')])
    expect(connections).toHaveLength(3)
    const [first, second, third] = connections.map((c) => c.at)
    expect(second! - first!).toBeGreaterThanOrEqual(450)
    expect(third! - second!).toBeGreaterThanOrEqual(900)
  })

  it('after a good connection the wait starts over: a stream that keeps ending is retried at the first wait, not growing ones', async () => {
    script = (res, i) => {
      streamHead(res)
      res.end(frame(inboxChanged(`stream ${i}`)))
    }
    const { events } = listen()
    await expect.poll(() => events.length, { timeout: 8000 }).toBeGreaterThanOrEqual(4)
    const gaps = connections.slice(1, 4).map((c, i) => c.at - connections[i]!.at)
    // Growing waits would be 500, 1000, 2000 ms; starting over keeps each near 500.
    expect(gaps[2]).toBeLessThan(1500)
  })

  it('a listener that throws ends the stream as a break does: it reconnects, catches up, and later events arrive', async () => {
    script = async (res, index) => {
      streamHead(res)
      if (index === 0) await writeInPieces(res, [frame(inboxChanged('a')), frame(inboxChanged('b'))])
      else await writeInPieces(res, [frame(inboxChanged('c'))])
    }
    const got: string[] = []
    const resumed: number[] = []
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const stop = httpTransport(local.url, 'tok').onEvent(
        (e) => {
          got.push((e.data as { inbox_id: string }).inbox_id)
          if (got.length === 1) throw new Error('a bug in a listener')
        },
        () => resumed.push(got.length)
      )
      stops.push(stop)
      await expect.poll(() => got).toEqual(['a', 'c'])
      expect(connections.length).toBe(2)
      expect(resumed).toEqual([1]) // the catch-up reads again what 'b' would have changed
      // The bug is not kept quiet: logged once, as the desktop window logs it.
      expect(errors).toHaveBeenCalledTimes(1)
      expect(String(errors.mock.calls[0]![0])).toContain('inbox_changed')
      expect(errors.mock.calls[0]![1]).toEqual(new Error('a bug in a listener'))
    } finally {
      errors.mockRestore()
    }
  })

  it('a listener that throws on the last event for a while (nothing follows on the stream) still ends it at once, and the window catches up', async () => {
    script = async (res, index) => {
      streamHead(res)
      // The stream stays open: only heartbeats would follow.
      if (index === 0) await writeInPieces(res, [frame(inboxChanged('a'))])
      else await writeInPieces(res, [frame(inboxChanged('c'))])
    }
    const got: string[] = []
    const resumed: number[] = []
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const stop = httpTransport(local.url, 'tok').onEvent(
        (e) => {
          got.push((e.data as { inbox_id: string }).inbox_id)
          if (got.length === 1) throw new Error('a bug in a listener')
        },
        () => resumed.push(got.length)
      )
      stops.push(stop)
      await expect.poll(() => got, { timeout: 5000 }).toEqual(['a', 'c'])
      expect(resumed).toEqual([1])
      expect(connections[0]!.closed).toBe(true)
    } finally {
      errors.mockRestore()
    }
  })

  it('a stream refused with 401 is not asked again at its backoff, only when reconnectEvents() says the node is back', async () => {
    // The transport's own waits are faked (a minute passes at once); its fetch and the server are real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      script = (res, i) => {
        if (i === 0) return void res.writeHead(401, { 'Content-Type': 'application/json' }).end('{}')
        streamHead(res)
        res.write(frame(inboxChanged('after sign-in')))
      }
      const transport = httpTransport(local.url, 'tok-123')
      const ends: (number | null)[] = []
      transport.onStreamEnd?.((end) => ends.push(end.status))
      const events: NodeEvent[] = []
      stops.push(transport.onEvent((e) => events.push(e)))
      await vi.waitFor(() => expect(ends).toEqual([401]), { timeout: 3000 })
      // Its backoff would have asked again 7 times in a minute (0.5, 1, 2 ... 30 s apart).
      for (let s = 0; s < 60; s++) await vi.advanceTimersByTimeAsync(1000)
      expect(connections).toHaveLength(1)
      expect(transport.reconnectEvents?.()).toBe(true)
      await vi.waitFor(() => expect(events).toEqual([inboxChanged('after sign-in')]), { timeout: 3000 })
      expect(connections).toHaveLength(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('a stream refused with 401 again after reconnectEvents() waits again, one request per call', async () => {
    script = (res) => void res.writeHead(401, { 'Content-Type': 'application/json' }).end('{}')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const transport = httpTransport(local.url, 'tok-123')
      const ends: (number | null)[] = []
      transport.onStreamEnd?.((end) => ends.push(end.status))
      stops.push(transport.onEvent(() => {}))
      await vi.waitFor(() => expect(ends).toEqual([401]), { timeout: 3000 })
      transport.reconnectEvents?.()
      await vi.waitFor(() => expect(ends).toEqual([401, 401]), { timeout: 3000 })
      for (let s = 0; s < 60; s++) await vi.advanceTimersByTimeAsync(1000)
      expect(connections).toHaveLength(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('stopping closes the open stream and no reconnect follows', async () => {
    script = (res) => {
      streamHead(res)
      res.write(': connected\n\n')
    }
    const { events, stop } = listen()
    await expect.poll(() => connections.length).toBe(1)
    stop()
    await expect.poll(() => connections[0]!.closed).toBe(true)
    // Longer than the first retry wait (500 ms): a reconnect would have happened by now.
    await new Promise((r) => setTimeout(r, 800))
    expect(connections).toHaveLength(1)
    expect(events).toEqual([])
  })
})

/** The reader over an in-memory stream cut into exactly the given chunks. */
async function readChunks(chunks: readonly Uint8Array[]): Promise<StreamEvent[]> {
  const out: StreamEvent[] = []
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c)
      controller.close()
    }
  })
  await readEventStream(body, (e) => out.push(e))
  return out
}

function cutAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts)].filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b)
  return [0, ...points].map((start, i) => bytes.slice(start, points[i] ?? bytes.length))
}

describe('event stream reader', () => {
  it('gives the same events for every way of cutting the bytes into chunks', async () => {
    const text =
      ': hello\r\n\r\nevent: a\r\ndata: 1 ✓\r\n\r\nevent:b\ndata:two\ndata: lines\n\n: ping\n\ndata: no name 日本\r\rid: 7\nretry: 10\nevent: c\ndata\n\n'
    const expected: StreamEvent[] = [
      { type: 'a', data: '1 ✓' },
      { type: 'b', data: 'two\nlines' },
      { type: 'message', data: 'no name 日本' },
      { type: 'c', data: '' }
    ]
    const bytes = new TextEncoder().encode(text)
    expect(await readChunks([bytes])).toEqual(expected)
    for (let i = 1; i < bytes.length; i++) expect(await readChunks(cutAt(bytes, [i])), `cut at byte ${i}`).toEqual(expected)
    expect(await readChunks(cutAt(bytes, [...bytes.keys()]))).toEqual(expected) // one byte at a time
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(bytes.length), { maxLength: 12 }), async (cuts) => {
        expect(await readChunks(cutAt(bytes, cuts))).toEqual(expected)
      }),
      { numRuns: 200 }
    )
  })

  it('an event not ended by a blank line when the body ends is dropped', async () => {
    const bytes = new TextEncoder().encode('event: a\ndata: done\n\nevent: b\ndata: cut off\n')
    expect(await readChunks([bytes])).toEqual([{ type: 'a', data: 'done' }])
  })

  it('a field name must match exactly; one leading space of a value is dropped, the rest kept', async () => {
    const bytes = new TextEncoder().encode('Event: x\ndata:   spaced \nevents: y\ndatum: z\n\n')
    expect(await readChunks([bytes])).toEqual([{ type: 'message', data: '  spaced ' }])
  })
})
