import { connect } from 'node:net'
import { lookup } from 'node:dns/promises'
import { request } from 'node:http'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { useTestNode } from '../support/node'

/**
 * The DNS-rebinding guard against the spellings a rebinding page or a confused proxy could
 * produce: only `127.0.0.1:<port>` and `localhost:<port>` (any case) are the node's names.
 */
const node = useTestNode()
let http: HttpServer
beforeEach(async () => {
  http = await startHttpServer({ router: node.router, token: 'tok', port: 0, log: node.log })
})
afterEach(async () => {
  await http.close()
})

/** A raw request line and headers, exactly as written (clients normalise Host and the target). */
const raw = (head: string) =>
  new Promise<string>((done, fail) => {
    const s = connect(http.port, '127.0.0.1', () => s.write(`${head}\r\nAuthorization: Bearer tok\r\nConnection: close\r\n\r\n`))
    let out = ''
    s.on('data', (c: Buffer) => (out += c.toString()))
    s.on('close', () => done(out.slice(9, 12)))
    s.on('error', fail)
  })

describe('the Host guard', () => {
  it('refuses names that only resemble the loopback address, and a request without Host', async () => {
    const p = http.port
    const refused = [
      `127.0.0.1.nip.io:${p}`,
      `localhost.:${p}`,
      `127.0.0.1.:${p}`,
      `[::1]:${p}`,
      `[::ffff:127.0.0.1]:${p}`,
      `0.0.0.0:${p}`,
      `2130706433:${p}`,
      `127.1:${p}`,
      `127.0.0.1`,
      `localhost`,
      `127.0.0.1:${p}.evil.example`,
      `127.0.0.1:0${p}`,
      ''
    ]
    for (const host of refused) {
      expect([host, await raw(`GET /v2/all_inboxes HTTP/1.1\r\nHost: ${host}`)]).toEqual([host, '403'])
    }
    expect(await raw('GET /v2/all_inboxes HTTP/1.0')).toBe('403')
  })

  it('an absolute-form target must name the node as the Host header must (RFC 9112 puts the target host first; it was passed over)', async () => {
    const p = http.port
    expect(await raw(`GET http://evil.example/v2/all_inboxes HTTP/1.1\r\nHost: evil.example`)).toBe('403')
    expect(await raw(`GET http://127.0.0.1:${p}/v2/all_inboxes HTTP/1.1\r\nHost: evil.example`)).toBe('403')
    expect(await raw(`GET http://evil.example/v2/all_inboxes HTTP/1.1\r\nHost: 127.0.0.1:${p}`)).toBe('403')
    expect(await raw(`GET http://localhost:${p}/v2/all_inboxes HTTP/1.1\r\nHost: 127.0.0.1:${p}`)).toBe('200')
  })

  it('an absolute-form target that is not a URL is 400 naming the target, whatever the Host (it was a 500 logged as the node failing)', async () => {
    const p = http.port
    for (const host of [`127.0.0.1:${p}`, 'evil.example']) {
      expect([host, await raw(`GET http://[zz]/v2/health_check HTTP/1.1\r\nHost: ${host}`)]).toEqual([host, '400'])
      expect([host, await raw(`GET http://%zz/v2/all_inboxes HTTP/1.1\r\nHost: ${host}`)]).toEqual([host, '400'])
    }
    expect(node.log.lines.filter((l) => l.includes('failed'))).toEqual([])
  })

  it('a request with two Host headers is refused with 400, whatever they name (the first was taken)', async () => {
    const p = http.port
    expect(await raw(`GET /v2/all_inboxes HTTP/1.1\r\nHost: 127.0.0.1:${p}\r\nHost: evil.example`)).toBe('400')
    expect(await raw(`GET /v2/all_inboxes HTTP/1.1\r\nHost: 127.0.0.1:${p}\r\nhost: 127.0.0.1:${p}`)).toBe('400')
  })

  it('accepts its own names in any case', async () => {
    const p = http.port
    for (const host of [`127.0.0.1:${p}`, `localhost:${p}`, `LOCALHOST:${p}`, `LocalHost:${p}`]) {
      expect([host, await raw(`GET /v2/all_inboxes HTTP/1.1\r\nHost: ${host}`)]).toEqual([host, '200'])
    }
  })
})

describe('the Host guard of a node bound by name (--host localhost)', () => {
  it('accepts the loopback address the name was bound to, as well as the name', async () => {
    const named = await startHttpServer({ router: node.router, token: 'tok', host: 'localhost', port: 0, log: node.log })
    try {
      const bound = (await lookup('localhost')).address
      const spelled = bound.includes(':') ? `[${bound}]` : bound
      const get = (host: string) =>
        new Promise<number | undefined>((done, fail) => {
          const req = request({
            host: bound,
            port: named.port,
            path: '/v2/all_inboxes',
            headers: { Authorization: 'Bearer tok', Host: host }
          })
          req.on('response', (res) => {
            res.resume()
            done(res.statusCode)
          })
          req.on('error', fail)
          req.end()
        })
      expect(await get(`localhost:${named.port}`)).toBe(200)
      // The bound loopback address (api-contract.md, binding): refused with 403 before.
      expect(await get(`${spelled}:${named.port}`)).toBe(200)
      expect(await get(`evil.example:${named.port}`)).toBe(403)
    } finally {
      await named.close()
    }
  })
})

describe('the Host guard of a node bound to an address spelled otherwise than URLs write it', () => {
  /*
   * `--host ::ffff:127.0.0.1` (or 0:0::1) is taken as loopback; a browser, and fetch, write the address as the
   * URL parser does ([::ffff:7f00:1], [::1]) in Host and Origin, and the node refused its own UI address with 403.
   */
  it('accepts the address as URLs write it, in Host and in Origin', async () => {
    for (const host of ['::ffff:127.0.0.1', '0:0::1']) {
      const bound = await startHttpServer({ router: node.router, token: 'tok', host, port: 0, log: node.log })
      try {
        const canonical = new URL(bound.url).host
        expect(canonical).not.toBe(`[${host}]:${bound.port}`)
        // fetch sends the URL parser's form of the address in Host, as a browser does.
        const res = await fetch(`${bound.url}/v2/all_inboxes`, { headers: { Authorization: 'Bearer tok' } })
        expect([host, res.status]).toEqual([host, 200])
        const fromPage = await fetch(`${bound.url}/v2/all_inboxes`, {
          headers: { Authorization: 'Bearer tok', Origin: `http://${canonical}` }
        })
        expect([host, fromPage.status]).toEqual([host, 200])
      } finally {
        await bound.close()
      }
    }
  })
})
