// Needs Node (a real HTTP server on 127.0.0.1): named *.node.test.ts so a Node-typed config covers it.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Window as HappyWindow } from 'happy-dom'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { pickTransport, takeTokenFromLocation } from '../../src/renderer/src/api/transport'
import type { NodedeskBridge } from '../../src/shared/bridge'

interface Seen {
  readonly method: string
  readonly url: string
  readonly headers: IncomingMessage['headers']
  readonly body: string
}

let server: Server
let origin: string
let seen: Seen[]
const windows: HappyWindow[] = []

beforeEach(async () => {
  seen = []
  server = createServer((req, res) => {
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
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterEach(async () => {
  for (const w of windows.splice(0)) await w.happyDOM.close()
  server.closeAllConnections()
  await new Promise<void>((r) => server.close(() => r()))
})

/** A browser window (happy-dom) opened at `url`, seen through the DOM's Window type the code expects. */
function openWindow(url: string) {
  const happy = new HappyWindow({ url })
  windows.push(happy)
  return happy as unknown as Window
}
const take = (win: Window) => takeTokenFromLocation(win.location, win.sessionStorage, win.history)

describe('token pick-up (headless mode)', () => {
  it('takes the token from the URL fragment, keeps it for the session and removes it from the address', () => {
    const win = openWindow(`${origin}/#token=tok-abc_123`)
    const historyLength = win.history.length
    expect(take(win)).toBe('tok-abc_123')
    expect(win.sessionStorage.getItem('nodedesk.apiToken')).toBe('tok-abc_123')
    expect(win.location.href).toBe(`${origin}/`)
    // Replaced, not pushed: Back does not bring the token into view again.
    expect(win.history.length).toBe(historyLength)
  })

  it('keeps the rest of the address: path, query and other fragment parameters', () => {
    const win = openWindow(`${origin}/app/?lang=fr#view=list&token=t1&x=2`)
    expect(take(win)).toBe('t1')
    expect(win.location.href).toBe(`${origin}/app/?lang=fr#view=list&x=2`)
  })

  it('after a reload without the fragment, the kept token is used; a new one in the fragment replaces it', () => {
    const win = openWindow(`${origin}/#token=first`)
    expect(take(win)).toBe('first')
    expect(take(win)).toBe('first') // same session, address already clean
    win.location.hash = '#token=second'
    expect(take(win)).toBe('second')
    expect(win.sessionStorage.getItem('nodedesk.apiToken')).toBe('second')
  })

  it('no token in the fragment nor the session gives none; a token in the query string is not taken', () => {
    expect(take(openWindow(`${origin}/`))).toBeNull()
    const win = openWindow(`${origin}/?token=leaky`)
    expect(take(win)).toBeNull()
    expect(win.sessionStorage.getItem('nodedesk.apiToken')).toBeNull()
  })
})

describe('transport pick', () => {
  it('a page without the preload bridge talks HTTP to its own origin with the token from the address', async () => {
    const win = openWindow(`${origin}/#token=tok-xyz`)
    const transport = pickTransport(win)
    expect(transport.kind).toBe('http')
    expect(win.location.hash).toBe('')

    const ok = await transport.request({ method: 'GET', path: '/v2/all_inboxes', query: { show_hidden: 'true', q: 'a b&c' } })
    expect(ok).toEqual({ status: 200, body: { echo: '/v2/all_inboxes?show_hidden=true&q=a+b%26c' } })
    const failed = await transport.request({ method: 'POST', path: '/v2/missing', body: { name: 'Zoë' } })
    expect(failed).toEqual({ status: 404, body: { code: 404, error: 'Not Found', message: 'path: no route' } })

    const [get, post] = seen
    expect(get!.headers.authorization).toBe('Bearer tok-xyz')
    expect(get!.method).toBe('GET')
    expect(get!.body).toBe('')
    expect(post!.headers.authorization).toBe('Bearer tok-xyz')
    expect(post!.method).toBe('POST')
    expect(post!.headers['content-type']).toBe('application/json')
    expect(JSON.parse(post!.body)).toEqual({ name: 'Zoë' })

    const events: unknown[] = []
    const stop = transport.onEvent((e) => events.push(e))
    await expect.poll(() => events).toEqual([{ type: 'provider_changed', data: { id: 'gpt' } }])
    stop()
    expect(seen.find((s) => s.url === '/v2/events')!.headers.authorization).toBe('Bearer tok-xyz')
  })

  it('a POST without a body sends JSON null', async () => {
    const transport = pickTransport(openWindow(`${origin}/#token=t`))
    await transport.request({ method: 'POST', path: '/v2/x' })
    expect(seen[0]!.body).toBe('null')
  })

  it('the desktop window uses the preload bridge for requests and events, and leaves the address alone', async () => {
    const win = openWindow(`${origin}/#token=unused`)
    const asked: unknown[] = []
    let bridgeListener: ((e: never) => void) | undefined
    const bridge: NodedeskBridge = {
      request: async (req) => {
        asked.push(req)
        return { status: 200, body: 'from the bridge' }
      },
      onEvent: (l) => {
        bridgeListener = l as (e: never) => void
        return () => (bridgeListener = undefined)
      }
    }
    Object.assign(win, { nodedesk: bridge })
    const transport = pickTransport(win)
    expect(transport.kind).toBe('ipc')
    expect(await transport.request({ method: 'GET', path: '/v2/health_check' })).toEqual({ status: 200, body: 'from the bridge' })
    expect(asked).toEqual([{ method: 'GET', path: '/v2/health_check' }])
    const stop = transport.onEvent(() => {})
    expect(bridgeListener).toBeDefined()
    stop()
    expect(bridgeListener).toBeUndefined()
    expect(seen).toEqual([])
    expect(win.location.hash).toBe('#token=unused')
    expect(win.sessionStorage.getItem('nodedesk.apiToken')).toBeNull()
  })
})
