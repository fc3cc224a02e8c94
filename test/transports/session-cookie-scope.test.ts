import { request } from 'node:http'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { useTestNode } from '../support/node'

/**
 * The UI's session cookie is sent by the browser with every request to the node's origin,
 * including the ones the page did not make with fetch: an <img> in an answer's Markdown
 * (text a provider wrote), a link the operator clicks, a stylesheet. Those must not be
 * authenticated: only the page's own fetch calls are.
 */
const node = useTestNode()
let http: HttpServer
let cookie: string
beforeEach(async () => {
  http = await startHttpServer({ router: node.router, token: 'tok', port: 0, log: node.log, heartbeatMs: 200 })
  const code = /#code=(.+)$/.exec(http.uiAddress())![1]!
  const res = await fetch(`${http.url}/v2/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code })
  })
  cookie = res.headers.getSetCookie()[0]!.split(';')[0]!
})
afterEach(async () => {
  await http.close()
})

/** The Fetch Metadata headers Chromium sends for each kind of same-origin request. */
const chromium = {
  fetch: { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' },
  image: { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' },
  link: { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-User': '?1' },
  addressBar: { 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-User': '?1' },
  style: { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'style' },
  iframe: { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'iframe' }
}
/** node:http, not fetch: fetch sets Sec-Fetch-Mode itself. */
const get = (path: string, headers: Record<string, string>) =>
  new Promise<number>((done, fail) => {
    const req = request({ host: '127.0.0.1', port: http.port, path, headers: { Cookie: cookie, ...headers } }, (res) => {
      res.destroy()
      done(res.statusCode!)
    })
    req.on('error', fail)
    req.end()
  })

describe('the session cookie authenticates the page’s fetch calls only', () => {
  it("the page's fetch with the cookie is served", async () => {
    expect(await get('/v2/all_inboxes', chromium.fetch)).toBe(200)
    expect(await get('/v2/events', chromium.fetch)).toBe(200)
  })

  it('an image, a clicked link, a typed address, a stylesheet or a frame carrying the cookie gets 401 and reaches no handler', async () => {
    const before = node.log.lines.length
    for (const [kind, headers] of Object.entries(chromium)) {
      if (kind === 'fetch') continue
      // provider_models makes the node call the URL it is given: from an <img> it was a request forgery.
      const status = await get(`/v2/provider_models?kind=OpenAI&external_url=${encodeURIComponent('http://127.0.0.1:9/v1')}`, headers)
      expect([kind, status]).toEqual([kind, 401])
      expect([kind, await get('/v2/events', headers)]).toEqual([kind, 401])
    }
    expect(node.log.lines.slice(before).filter((l) => l.includes('provider_models'))).toEqual([])
  })

  it('the bearer token is not affected: scripts send no Fetch Metadata, a browser tab holding the token may', async () => {
    expect(await get('/v2/all_inboxes', { Cookie: '', Authorization: 'Bearer tok' })).toBe(200)
    expect(await get('/v2/all_inboxes', { Cookie: '', Authorization: 'Bearer tok', ...chromium.addressBar })).toBe(200)
  })
})
