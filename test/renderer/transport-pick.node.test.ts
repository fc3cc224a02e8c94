// Needs Node (a real HTTP server on 127.0.0.1): named *.node.test.ts so a Node-typed config covers it.
import type { IncomingMessage } from 'node:http'
import { beforeEach, describe, expect, it } from 'vitest'
import { useLoopbackServer } from '../support/loopback-server'
import { useHappyWindows } from './happy-windows'
import { pickTransport, takeCodeFromLocation } from '../../src/renderer/src/api/transport'
import { placeOfEntry } from '../../src/renderer/src/app/history-place'
import type { NodedeskBridge } from '../../src/shared/bridge'

interface Seen {
  readonly method: string
  readonly url: string
  readonly headers: IncomingMessage['headers']
  readonly body: string
}

let seen: Seen[]

beforeEach(() => {
  seen = []
})
const local = useLoopbackServer(
  (req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body })
      if (req.url!.startsWith('/v2/events')) {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' })
        res.write('event: provider_changed\ndata: {"id":"gpt"}\n\n')
        return
      }
      const status = req.url!.startsWith('/v2/missing') ? 404 : 200
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(status === 200 ? { echo: req.url } : { code: 404, error: 'Not Found', message: 'path: no route' }))
    })
  },
  { perTest: true }
)

const openWindow = useHappyWindows()
const take = (win: Window) => takeCodeFromLocation(win.location, win.history)

describe('one-time code pick-up (headless mode)', () => {
  it('takes the code from the URL fragment and removes it from the address without a new history entry', () => {
    const win = openWindow(`${local.url}/#code=abc_123`)
    const historyLength = win.history.length
    expect(take(win)).toBe('abc_123')
    expect(win.location.href).toBe(`${local.url}/`)
    // Replaced, not pushed: Back does not bring the code into view again.
    expect(win.history.length).toBe(historyLength)
    expect(take(win)).toBeNull() // nothing kept: the code was for one use
  })

  it("marks the entry's place for the leave guard in the same history write, keeping the state the entry had", () => {
    // One write instead of two before the first screen: the guard finds the place marked and writes none.
    const win = openWindow(`${local.url}/#/first`)
    // The third entry of the tab's history (the place a first entry is given is its index).
    win.history.pushState(null, '', '#/second')
    win.history.pushState({ kept: 1 }, '', '#code=abc_123')
    expect(win.history.length).toBe(3)
    expect(placeOfEntry(win.history)).toBeUndefined()
    expect(take(win)).toBe('abc_123')
    expect(win.history.state).toEqual({ kept: 1, nodedeskPlace: 2 })
    expect(win.history.length).toBe(3)
    // An entry marked already (a reload) keeps its place.
    win.history.replaceState({ nodedeskPlace: 7 }, '', '#code=def_456')
    expect(take(win)).toBe('def_456')
    expect(placeOfEntry(win.history)).toBe(7)
  })

  it('keeps the rest of the address: path, query and other fragment parameters; an old #token= is removed, not used', () => {
    const win = openWindow(`${local.url}/app/?lang=fr#view=list&code=c1&x=2`)
    expect(take(win)).toBe('c1')
    expect(win.location.href).toBe(`${local.url}/app/?lang=fr#view=list&x=2`)
    const old = openWindow(`${local.url}/#token=leaky`)
    expect(take(old)).toBeNull()
    expect(old.location.href).toBe(`${local.url}/`)
  })

  it('no code in the fragment gives none and leaves the address alone; a code in the query string is not taken', () => {
    const plain = openWindow(`${local.url}/#/inboxes`)
    expect(take(plain)).toBeNull()
    expect(plain.location.hash).toBe('#/inboxes')
    expect(take(openWindow(`${local.url}/?code=leaky`))).toBeNull()
  })
})

describe('transport pick', () => {
  it('a page without the preload bridge trades its code once, then talks HTTP to its own origin without a token', async () => {
    const win = openWindow(`${local.url}/#code=code-xyz`)
    const transport = pickTransport(win)
    expect(transport.kind).toBe('http')
    expect(win.location.hash).toBe('')

    const ok = await transport.request({ method: 'GET', path: '/v2/all_inboxes', query: { show_hidden: 'true', q: 'a b&c' } })
    expect(ok).toEqual({ status: 200, body: { echo: '/v2/all_inboxes?show_hidden=true&q=a+b%26c' } })
    const failed = await transport.request({ method: 'POST', path: '/v2/missing', body: { name: 'Zoë' } })
    expect(failed).toEqual({ status: 404, body: { code: 404, error: 'Not Found', message: 'path: no route' } })

    const [exchange, get, post] = seen
    expect(exchange!.method).toBe('POST')
    expect(exchange!.url).toBe('/v2/session')
    expect(exchange!.headers['content-type']).toBe('application/json')
    expect(JSON.parse(exchange!.body)).toEqual({ code: 'code-xyz' })
    expect(get!.headers.authorization).toBeUndefined()
    expect(get!.method).toBe('GET')
    expect(get!.body).toBe('')
    expect(post!.headers.authorization).toBeUndefined()
    expect(post!.method).toBe('POST')
    expect(post!.headers['content-type']).toBe('application/json')
    expect(JSON.parse(post!.body)).toEqual({ name: 'Zoë' })
    expect(seen.filter((s) => s.url === '/v2/session')).toHaveLength(1)

    const events: unknown[] = []
    const stop = transport.onEvent((e) => events.push(e))
    await expect.poll(() => events).toEqual([{ type: 'provider_changed', data: { id: 'gpt' } }])
    stop()
    expect(seen.find((s) => s.url === '/v2/events')!.headers.authorization).toBeUndefined()
  })

  it('a POST without a body sends JSON null', async () => {
    const transport = pickTransport(openWindow(`${local.url}/`))
    await transport.request({ method: 'POST', path: '/v2/x' })
    expect(seen[0]!.body).toBe('null')
  })

  it('the desktop window uses the preload bridge for requests and events, and leaves the address alone', async () => {
    const win = openWindow(`${local.url}/#code=unused`)
    const asked: unknown[] = []
    let bridgeListener: ((e: never) => void) | undefined
    let bridgeResumed: (() => void) | undefined
    const bridge: NodedeskBridge = {
      request: (req) => {
        asked.push(req)
        return Promise.resolve({ status: 200, json: '"from the bridge"' })
      },
      onEvent: (l, onResumed) => {
        bridgeListener = l
        bridgeResumed = onResumed
        return () => (bridgeListener = undefined)
      }
    }
    Object.assign(win, { nodedesk: bridge })
    const transport = pickTransport(win)
    expect(transport.kind).toBe('ipc')
    expect(await transport.request({ method: 'GET', path: '/v2/health_check' })).toEqual({ status: 200, body: 'from the bridge' })
    expect(asked).toEqual([{ method: 'GET', path: '/v2/health_check' }])
    let resumed = 0
    const stop = transport.onEvent(
      () => {},
      () => resumed++
    )
    expect(bridgeListener).toBeDefined()
    // The main process held events back while the window was not handling them: the window reads again.
    bridgeResumed?.()
    expect(resumed).toBe(1)
    stop()
    expect(bridgeListener).toBeUndefined()
    expect(seen).toEqual([])
    expect(win.location.hash).toBe('#code=unused')
  })
})
