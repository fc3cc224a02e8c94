import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { useTestNode } from '../support/node'

/**
 * POST /v2/session is the one route that reads a body before anyone has shown a token or a
 * session: whoever can reach the port (any local user or process) may call it. It must not let
 * such a caller hold memory or a connection slot for long.
 */
const node = useTestNode()
let http: HttpServer
const sockets: Socket[] = []
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy()
  await http.close()
})

const start = async () => {
  http = await startHttpServer({ router: node.router, token: 'tok', port: 0, log: node.log, limits: { headersTimeoutMs: 1_000 } })
}
const open = () =>
  new Promise<Socket & { answer: string; closedAt?: number }>((done) => {
    const s = connect(http.port, '127.0.0.1', () => done(s)) as Socket & { answer: string; closedAt?: number }
    s.answer = ''
    s.on('error', () => {})
    s.on('data', (c: Buffer) => (s.answer += c.toString()))
    s.on('close', () => (s.closedAt = performance.now()))
    sockets.push(s)
  })
const sessionHead = (length: number) =>
  `POST /v2/session HTTP/1.1\r\nHost: 127.0.0.1:${http.port}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`

describe('the session exchange, open to callers without a token', () => {
  it('a body declared larger than a code could need gets 413 at once and the connection closes, without being read', async () => {
    await start()
    const s = await open()
    s.write(sessionHead(64 * 1024 * 1024) + '{"code":"')
    await expect.poll(() => s.destroyed, { timeout: 3_000 }).toBe(true)
    expect(s.answer).toMatch(/^HTTP\/1\.1 413/)
    expect(s.answer).toMatch(/connection: close/i)
  })

  it('a body that grows past the limit without a declared length is cut off, not buffered', async () => {
    await start()
    const s = await open()
    s.write(
      `POST /v2/session HTTP/1.1\r\nHost: 127.0.0.1:${http.port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`
    )
    const chunk = 'x'.repeat(64 * 1024)
    for (let i = 0; i < 4 && !s.destroyed; i++) s.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)
    await expect.poll(() => s.destroyed, { timeout: 3_000 }).toBe(true)
    expect(s.answer).toMatch(/^HTTP\/1\.1 413/)
  })

  it('a body dripped slowly does not hold the connection for minutes: it is closed within the header time-out', async () => {
    await start()
    const s = await open()
    const started = performance.now()
    s.write(sessionHead(200) + '{')
    const drip = setInterval(() => !s.destroyed && s.write(' '), 200)
    try {
      await expect.poll(() => s.destroyed, { timeout: 5_000 }).toBe(true)
    } finally {
      clearInterval(drip)
    }
    expect(s.closedAt! - started).toBeLessThan(3_000)
  })

  it('a body the node refuses without a token (sent to the page files, or to the exchange with the wrong type or origin) is not read: answered at once, connection closed', async () => {
    await start()
    const heads = [
      `POST /index.html HTTP/1.1\r\nHost: 127.0.0.1:${http.port}\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n`,
      `PUT / HTTP/1.1\r\nHost: 127.0.0.1:${http.port}\r\nContent-Length: 100000\r\n\r\n`,
      `POST /v2/session HTTP/1.1\r\nHost: 127.0.0.1:${http.port}\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n`,
      `PUT /v2/session HTTP/1.1\r\nHost: 127.0.0.1:${http.port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`,
      `POST /v2/session HTTP/1.1\r\nHost: 127.0.0.1:${http.port}\r\nOrigin: http://evil.example\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`
    ]
    const started = performance.now()
    const conns = await Promise.all(heads.map(() => open()))
    conns.forEach((s, i) => s.write(heads[i] + '{'))
    const drip = setInterval(() => conns.forEach((s) => !s.destroyed && s.write(' ')), 200)
    try {
      await expect.poll(() => conns.map((s) => s.destroyed), { timeout: 5_000 }).toEqual(conns.map(() => true))
    } finally {
      clearInterval(drip)
    }
    expect(conns.map((s) => s.answer.slice(0, 12))).toEqual([
      'HTTP/1.1 404',
      'HTTP/1.1 404',
      'HTTP/1.1 415',
      'HTTP/1.1 405',
      'HTTP/1.1 403'
    ])
    expect(Math.max(...conns.map((s) => s.closedAt! - started))).toBeLessThan(1_000)
  })

  it('exchanges dripped on every connection do not starve requests with a token: one of them makes room, event streams stay', async () => {
    http = await startHttpServer({
      router: node.router,
      token: 'tok',
      port: 0,
      log: node.log,
      limits: { maxConnections: 8, headersTimeoutMs: 10_000 }
    })
    const streams: Awaited<ReturnType<typeof open>>[] = []
    for (let i = 0; i < 2; i++) {
      const s = await open()
      s.write(`GET /v2/events HTTP/1.1\r\nHost: 127.0.0.1:${http.port}\r\nAuthorization: Bearer tok\r\n\r\n`)
      await expect.poll(() => s.answer).toMatch(/^HTTP\/1\.1 200/)
      streams.push(s)
    }
    const dripped: Awaited<ReturnType<typeof open>>[] = []
    for (let i = 0; i < 6; i++) {
      const s = await open()
      s.write(sessionHead(200) + '{')
      dripped.push(s)
    }
    const drip = setInterval(() => dripped.forEach((s) => !s.destroyed && s.write(' ')), 200)
    try {
      // Every connection is in a request now: the node is at its cap.
      await new Promise((r) => setTimeout(r, 300))
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${http.url}/v2/available_llm_providers`, { headers: { Authorization: 'Bearer tok' } })
        expect(res.status).toBe(200)
        await res.arrayBuffer()
      }
      await expect.poll(() => dripped.filter((s) => s.destroyed).length).toBeGreaterThanOrEqual(1)
      expect(streams.every((s) => !s.destroyed)).toBe(true)
    } finally {
      clearInterval(drip)
    }
  })

  it('a well-formed exchange still works: a fresh code gives a cookie', async () => {
    await start()
    const code = /#code=(.+)$/.exec(http.uiAddress())![1]!
    const res = await fetch(`${http.url}/v2/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code })
    })
    expect(res.status).toBe(200)
    expect(res.headers.getSetCookie()).toHaveLength(1)
  })
})
