import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { useTestNode } from '../support/node'
import { expectSentence } from '../support/sentences'

const node = useTestNode()
let http: HttpServer
const sockets: Socket[] = []
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy()
  await http.close()
})

const start = async (limits: { maxConnections?: number; headersTimeoutMs?: number; idleTimeoutMs?: number }) => {
  http = await startHttpServer({ router: node.router, token: 'tok', port: 0, log: node.log, heartbeatMs: 200, limits })
}
const open = () =>
  new Promise<Socket & { closedAt?: number }>((done) => {
    const s = connect(http.port, '127.0.0.1', () => done(s)) as Socket & { closedAt?: number }
    s.on('error', () => {})
    s.on('close', () => (s.closedAt = performance.now()))
    s.resume() // read, so that the node's FIN is seen and the socket closes here too
    sockets.push(s)
  })
const get = (path: string, headers: Record<string, string> = {}) =>
  new Promise<number | 'refused'>((done) => {
    const req = request({ host: '127.0.0.1', port: http.port, path, agent: false, headers }, (res) => {
      res.resume()
      done(res.statusCode!)
    })
    req.on('error', () => done('refused'))
    req.end()
  })

/** One request on a connection of its own: its status and parsed body. */
const fetchOver = (url: string, body?: string) =>
  new Promise<{ status: number; body: { code: number; error: string; message: string } }>((done, fail) => {
    const req = request(url, { agent: false, method: body ? 'POST' : 'GET', headers: { 'Content-Type': 'application/json' } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (text += c))
      res.on('end', () => done({ status: res.statusCode!, body: JSON.parse(text) as { code: number; error: string; message: string } }))
    })
    req.on('error', fail)
    req.end(body)
  })

describe('HTTP connection limits', () => {
  it('at the cap, the oldest connection not in a request makes room: a health check still gets in', async () => {
    await start({ maxConnections: 8 })
    const idle: Socket[] = []
    for (let i = 0; i < 8; i++) idle.push(await open())
    expect(await get('/v2/health_check')).toBe(200)
    await expect.poll(() => idle[0]!.destroyed).toBe(true)
    expect(idle.slice(2).every((s) => !s.destroyed)).toBe(true)
  })

  it('when every connection is serving a request (event streams), a new one is answered 503 with the error body, then closed', async () => {
    await start({ maxConnections: 4 })
    const streams: Socket[] = []
    for (let i = 0; i < 4; i++) {
      const s = await open()
      s.write(`GET /v2/events HTTP/1.1\r\nHost: 127.0.0.1:${http.port}\r\nAuthorization: Bearer tok\r\n\r\n`)
      await new Promise((r) => s.once('data', r))
      streams.push(s)
    }
    const refused = await fetchOver(`http://127.0.0.1:${http.port}/v2/health_check`)
    expect(refused.status).toBe(503)
    expect(refused.body).toEqual({ code: 503, error: 'Service Unavailable', message: expect.stringMatching(/too many open connections/) })
    expectSentence(refused.body.message)
    // A request with a body gets the same answer (the node does not wait for it).
    const post = await fetchOver(`http://127.0.0.1:${http.port}/v2/job_message`, 'x'.repeat(200_000))
    expect(post.status).toBe(503)
    expect(streams.every((s) => !s.destroyed)).toBe(true)
    streams[0]!.destroy()
    await expect.poll(() => get('/v2/health_check')).toBe(200)
  })

  it('a connection that sends nothing, or headers too slowly, is closed after the time-outs', async () => {
    await start({ headersTimeoutMs: 1_000, idleTimeoutMs: 1_500 })
    const started = performance.now()
    const silent = await open()
    const slow = await open()
    slow.write(`GET /v2/health_check HTTP/1.1\r\nHost: 127.0.0.1:${http.port}\r\n`)
    const drip = setInterval(() => slow.write('X-A: b\r\n'), 200)
    try {
      await expect.poll(() => [silent.destroyed, slow.destroyed], { timeout: 5_000 }).toEqual([true, true])
    } finally {
      clearInterval(drip)
    }
    expect(slow.closedAt! - started).toBeLessThan(3_500)
    expect(silent.closedAt! - started).toBeLessThan(3_500)
  })

  it('a body sent without a valid token is not waited for: 401 at once and the connection closes', async () => {
    await start({})
    const s = await open()
    let answer = ''
    s.on('data', (c: Buffer) => (answer += c.toString()))
    s.write(
      `POST /v2/job_message HTTP/1.1\r\nHost: 127.0.0.1:${http.port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`
    )
    await expect.poll(() => s.destroyed, { timeout: 3_000 }).toBe(true)
    expect(answer).toMatch(/^HTTP\/1\.1 401/)
    expect(answer).toMatch(/connection: close/i)
  })

  it('an event stream asked for on a kept-open connection while the node stops does not hold the stop (it waited 10 s)', async () => {
    // The events request is held just before its stream opens, until the stop has begun.
    let arrived!: () => void
    const atRouter = new Promise<void>((r) => (arrived = r))
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const router = {
      ...node.router,
      handleJson: async (req: Parameters<typeof node.router.handleJson>[0]) => {
        if (req.path === '/v2/events') {
          arrived()
          await gate
        }
        return node.router.handleJson(req)
      }
    }
    http = await startHttpServer({ router, token: 'tok', port: 0, log: node.log, heartbeatMs: 200 })
    const s = await open()
    let received = ''
    s.on('data', (d: Buffer) => (received += d.toString()))
    s.write(`GET /v2/events HTTP/1.1\r\nHost: 127.0.0.1:${http.port}\r\nAuthorization: Bearer tok\r\n\r\n`)
    await atRouter
    const t0 = performance.now()
    const closed = http.close()
    release()
    await closed
    expect(performance.now() - t0).toBeLessThan(2000)
    await expect.poll(() => received).toMatch(/^HTTP\/1.1 503/)
  })
})
