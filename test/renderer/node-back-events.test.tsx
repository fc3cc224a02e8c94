// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { QueryClient, useQuery } from '@tanstack/react-query'
import { cleanup, screen } from '@testing-library/react'
import type { ServerResponse } from 'node:http'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
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
/** When each request came, by path. */
let hits: { path: string; at: number }[] = []

const local = useLoopbackServer(
  (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    hits.push({ path, at: Date.now() })
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
  node.down = false
  node.eventsStatus = 200
  node.forgot = false
  streams = []
  hits = []
})
afterEach(() => {
  stops.splice(0).forEach((stop) => stop())
  cleanup()
})

const count = (path: string, since = 0) => hits.filter((h) => h.path === path && h.at >= since).length

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

describe('the event stream when the node answers again after a long outage', () => {
  it('connects again at once (not after its own backoff, up to 30 s), and the lists are read again once', async () => {
    openWindow()
    await expect.poll(() => streams.length, { timeout: 3_000 }).toBe(1)
    await screen.findByText('probe read')
    node.down = true
    streams[0]!.destroy()
    await screen.findByTestId('node-down-banner', {}, { timeout: 4_000 })
    // The stream's tries after the break, 0.5, 1, 2 and 4 s apart: its next wait is 8 s.
    await expect.poll(() => count('/v2/events'), { timeout: 12_000, interval: 100 }).toBe(5)
    const backAt = Date.now()
    node.down = false
    // Seen back at the health watch's next check (its own backoff while down reaches 5 s); the stream's
    // next try of its own would come 8 s after its last. Then it connects at once, not at that try.
    await expect.poll(() => screen.queryByTestId('node-down-banner'), { timeout: 7_000, interval: 50 }).toBeNull()
    await expect.poll(() => streams.length, { timeout: 1_500, interval: 50 }).toBe(2)
    expect(Date.now() - backAt).toBeLessThan(7_500)
    // Missed events: the list is read again, once (the stream's catch-up, not also a refetch of everything).
    await expect.poll(() => count('/v2/probe', backAt), { timeout: 2_000 }).toBe(1)
    await new Promise((r) => setTimeout(r, 1_000))
    expect(count('/v2/probe', backAt)).toBe(1)
  }, 30_000)
})

describe('the event stream’s end told to the node-status watch', () => {
  it('a stream refused with 401 (the node restarted and forgot the session) says so, as a refused read does', async () => {
    openWindow()
    await expect.poll(() => streams.length, { timeout: 3_000 }).toBe(1)
    await screen.findByText('probe read')
    node.eventsStatus = 401
    streams[0]!.destroy()
    expect((await screen.findByTestId('session-ended-banner', {}, { timeout: 3_000 })).textContent).toContain(
      'it no longer knows this window'
    )
  })

  it('a stream refused with 401 is not asked again while the banner says what to do; seen back after being down, once more', async () => {
    openWindow()
    await expect.poll(() => streams.length, { timeout: 3_000 }).toBe(1)
    await screen.findByText('probe read')
    node.eventsStatus = 401
    const brokenAt = Date.now()
    streams[0]!.destroy()
    await screen.findByTestId('session-ended-banner', {}, { timeout: 3_000 })
    expect(count('/v2/events', brokenAt)).toBe(1)
    // Its backoff asked again after 0.5 and 1.5 s (then every 30 s, for as long as the window was open).
    await new Promise((r) => setTimeout(r, 2_000))
    expect(count('/v2/events', brokenAt)).toBe(1)
    // The node goes down and comes back (restarted again, still without this window's session): the stream tries once.
    node.down = true
    node.forgot = true
    await screen.findByTestId('node-down-banner', {}, { timeout: 4_000 })
    const backAt = Date.now()
    node.down = false
    await expect.poll(() => count('/v2/events', backAt), { timeout: 3_000, interval: 50 }).toBe(1)
    expect((await screen.findByTestId('session-ended-banner', {}, { timeout: 3_000 })).textContent).toContain(
      'it no longer knows this window'
    )
    await new Promise((r) => setTimeout(r, 2_000))
    expect(count('/v2/events', backAt)).toBe(1)
  }, 20_000)

  it('a refused stream tries again once a read is answered (the window has a session again), and then connects', async () => {
    const queryClient = openWindow()
    await expect.poll(() => streams.length, { timeout: 3_000 }).toBe(1)
    await screen.findByText('probe read')
    node.eventsStatus = 401
    const brokenAt = Date.now()
    streams[0]!.destroy()
    await screen.findByTestId('session-ended-banner', {}, { timeout: 3_000 })
    expect(count('/v2/events', brokenAt)).toBe(1)
    // The session is back (the UI address opened in another tab set the cookie), and a read says so.
    node.eventsStatus = 200
    await queryClient.refetchQueries({ queryKey: ['probe'] })
    await expect.poll(() => streams.length, { timeout: 3_000, interval: 50 }).toBe(2)
    expect(count('/v2/events', brokenAt)).toBe(2)
  })

  it('a stream that closes has the node’s health asked at once, not at the next check', async () => {
    openWindow()
    await expect.poll(() => streams.length, { timeout: 3_000 }).toBe(1)
    // Just after a check: the next one is about a second away.
    const before = count('/v2/health_check')
    await expect.poll(() => count('/v2/health_check'), { timeout: 3_000, interval: 10 }).toBe(before + 1)
    await new Promise((r) => setTimeout(r, 50))
    const closedAt = Date.now()
    streams[0]!.end()
    await expect.poll(() => count('/v2/health_check', closedAt), { timeout: 400, interval: 10 }).toBeGreaterThan(0)
  })
})
