// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { QueryClient, useQuery } from '@tanstack/react-query'
import { act, cleanup, screen } from '@testing-library/react'
import type { ServerResponse } from 'node:http'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createClient } from '../../src/renderer/src/api/client'
import { connectEvents } from '../../src/renderer/src/api/events'
import { httpTransport, type Transport } from '../../src/renderer/src/api/transport'
import { AppLayout } from '../../src/renderer/src/app/AppLayout'
import { useLoopbackServer } from '../support/loopback-server'
import { renderWithApp } from './render'

/**
 * A headless node as the window sees it over HTTP (a real server on 127.0.0.1): `down` resets every
 * connection, as a stopped node's port does; `eventsStatus` refuses the event stream with that status;
 * `forgot` refuses every call but health_check with 401, as a restarted node does for a session it forgot.
 */
const node = { down: false, eventsStatus: 200, forgot: false }
let streams: ServerResponse[] = []
/** Each request as it came, by path, with when (ms on the faked clock). */
let hits: { path: string; at: number }[] = []
/** How far the faked clock has been moved in this test. */
let now = 0

const local = useLoopbackServer(
  (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    hits.push({ path, at: now })
    if (node.down) return void req.socket.destroy()
    if (node.forgot && path !== '/v2/health_check') {
      res.writeHead(401, { 'Content-Type': 'application/json' })
      return void res.end(JSON.stringify({ code: 401, error: 'Unauthorized', message: 'authorization: missing or wrong bearer token' }))
    }
    if (path === '/v2/events') {
      if (node.eventsStatus !== 200) {
        res.writeHead(node.eventsStatus, { 'Content-Type': 'application/json' })
        return void res.end(JSON.stringify({ code: 401, error: 'Unauthorized', message: 'authorization: missing or wrong bearer token' }))
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream' })
      res.write(': connected\n\n')
      streams.push(res)
      return
    }
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(path === '/v2/health_check' ? { status: 'ok', node_name: 'n', version: '1' } : []))
  },
  { perTest: true }
)

const stops: (() => void)[] = []
beforeEach(() => {
  // The window's waits (the stream's backoff, the health watch's checks and their backoff) on a clock the
  // test moves: the requests themselves are real, on 127.0.0.1.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  now = 0
  node.down = false
  node.eventsStatus = 200
  node.forgot = false
  streams = []
  hits = []
})
afterEach(() => {
  stops.splice(0).forEach((stop) => stop())
  cleanup()
  vi.useRealTimers()
})

/** Requests to `path` since `mark` (a mark() taken before). */
const count = (path: string, since = 0) => hits.slice(since).filter((h) => h.path === path).length
const mark = () => hits.length

/**
 * Moves the faked clock on by 20 ms steps until `done` holds or `ms` have passed, letting the real
 * sockets' I/O through between steps; whether it held.
 */
async function advanceUntil(done: () => boolean, ms: number): Promise<boolean> {
  for (let waited = 0; !done() && waited < ms; waited += 20) {
    await act(() => vi.advanceTimersByTimeAsync(20))
    now += 20
    await new Promise((r) => setImmediate(r))
  }
  return done()
}
/** Moves the faked clock on by `ms`, as advanceUntil does. */
const advance = (ms: number) => advanceUntil(() => false, ms)
const shown = (testId: string) => () => screen.queryByTestId(testId) !== null

/** A list the window shows: each read of it is one /v2/probe request. */
function Probe({ transport }: { transport: Transport }) {
  const q = useQuery({ queryKey: ['probe'], queryFn: async () => (await transport.request({ method: 'GET', path: '/v2/probe' })).body })
  return <p>{q.isSuccess ? 'probe read' : 'reading'}</p>
}

/** The window as app-main.tsx wires it: the event stream connected, the layout with its node-status watch. */
function openWindow() {
  const transport = httpTransport(local.url, 'tok')
  const client = createClient(transport)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5_000 } } })
  stops.push(connectEvents(transport, queryClient))
  renderWithApp(
    <AppLayout route={{ name: 'inboxes' }}>
      <Probe transport={transport} />
    </AppLayout>,
    transport,
    { queryClient, client }
  )
  return queryClient
}

/** The window opened, its stream connected and its list read. */
async function openedWindow() {
  const queryClient = openWindow()
  expect(await advanceUntil(() => streams.length === 1, 3_000)).toBe(true)
  expect(await advanceUntil(() => screen.queryByText('probe read') !== null, 1_000)).toBe(true)
  return queryClient
}

describe('the event stream when the node answers again after a long outage', () => {
  it('connects again at once (not after its own backoff, up to 30 s), and the lists are read again once', async () => {
    await openedWindow()
    node.down = true
    const brokenAt = mark()
    const brokenAtMs = now
    streams[0]!.destroy()
    expect(await advanceUntil(shown('node-down-banner'), 4_000)).toBe(true)
    // The stream's tries after the break, 0.5, 1, 2 and 4 s apart: its next wait is 8 s.
    expect(await advanceUntil(() => count('/v2/events') === 5, 12_000)).toBe(true)
    const tries = [
      brokenAtMs,
      ...hits
        .slice(brokenAt)
        .filter((h) => h.path === '/v2/events')
        .map((h) => h.at)
    ]
    const waits = tries.slice(1).map((at, i) => at - tries[i]!)
    expect(waits).toHaveLength(4)
    ;[500, 1_000, 2_000, 4_000].forEach((backoff, i) => {
      expect(waits[i]).toBeGreaterThanOrEqual(backoff - 20)
      expect(waits[i]).toBeLessThan(backoff + 200)
    })
    const backAt = mark()
    const backAtMs = now
    node.down = false
    // Seen back at the health watch's next check (its own backoff while down reaches 5 s); the stream's
    // next try of its own would come 8 s after its last. Then it connects at once, not at that try.
    expect(await advanceUntil(() => !shown('node-down-banner')(), 7_000)).toBe(true)
    expect(await advanceUntil(() => streams.length === 2, 1_500)).toBe(true)
    expect(now - backAtMs).toBeLessThan(7_500)
    // Missed events: the list is read again, once (the stream's catch-up, not also a refetch of everything).
    expect(await advanceUntil(() => count('/v2/probe', backAt) === 1, 2_000)).toBe(true)
    await advance(1_000)
    expect(count('/v2/probe', backAt)).toBe(1)
  })
})

describe('the event stream’s end told to the node-status watch', () => {
  it('a stream refused with 401 (the node restarted and forgot the session) says so, as a refused read does', async () => {
    await openedWindow()
    node.eventsStatus = 401
    streams[0]!.destroy()
    expect(await advanceUntil(shown('session-ended-banner'), 3_000)).toBe(true)
    expect(screen.getByTestId('session-ended-banner').textContent).toContain('it no longer knows this window')
  })

  it('a stream refused with 401 is not asked again while the banner says what to do; seen back after being down, once more', async () => {
    await openedWindow()
    node.eventsStatus = 401
    const brokenAt = mark()
    streams[0]!.destroy()
    expect(await advanceUntil(shown('session-ended-banner'), 3_000)).toBe(true)
    expect(count('/v2/events', brokenAt)).toBe(1)
    // Its backoff asked again after 0.5 and 1.5 s (then every 30 s, for as long as the window was open).
    await advance(2_000)
    expect(count('/v2/events', brokenAt)).toBe(1)
    // The node goes down and comes back (restarted again, still without this window's session): the stream tries once.
    node.down = true
    node.forgot = true
    expect(await advanceUntil(shown('node-down-banner'), 4_000)).toBe(true)
    const backAt = mark()
    node.down = false
    expect(await advanceUntil(() => count('/v2/events', backAt) === 1, 3_000)).toBe(true)
    expect(await advanceUntil(shown('session-ended-banner'), 3_000)).toBe(true)
    expect(screen.getByTestId('session-ended-banner').textContent).toContain('it no longer knows this window')
    await advance(2_000)
    expect(count('/v2/events', backAt)).toBe(1)
  })

  it('a refused stream tries again once a read is answered (the window has a session again), and then connects', async () => {
    const queryClient = await openedWindow()
    node.eventsStatus = 401
    const brokenAt = mark()
    streams[0]!.destroy()
    expect(await advanceUntil(shown('session-ended-banner'), 3_000)).toBe(true)
    expect(count('/v2/events', brokenAt)).toBe(1)
    // The session is back (the UI address opened in another tab set the cookie), and a read says so.
    node.eventsStatus = 200
    const read = queryClient.refetchQueries({ queryKey: ['probe'] })
    expect(await advanceUntil(() => streams.length === 2, 3_000)).toBe(true)
    await read
    expect(count('/v2/events', brokenAt)).toBe(2)
  })

  it('a stream that closes has the node’s health asked at once, not at the next check', async () => {
    openWindow()
    expect(await advanceUntil(() => streams.length === 1, 3_000)).toBe(true)
    // Just after a check: the next one is a second away.
    const before = count('/v2/health_check')
    expect(await advanceUntil(() => count('/v2/health_check') > before, 3_000)).toBe(true)
    await advance(60)
    const closedAt = mark()
    streams[0]!.end()
    expect(await advanceUntil(() => count('/v2/health_check', closedAt) > 0, 400)).toBe(true)
  })
})
