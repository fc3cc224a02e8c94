import { Agent, request } from 'node:http'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { useTestNode } from '../support/node'

/*
 * api-contract.md, headless mode: SIGTERM and SIGINT finish in-flight requests and exit 0. The stop
 * (close()) answered a request in flight, then waited for its kept-alive connection to time out (5 s)
 * before it was done, so the process exited seconds after its last answer.
 */
const TOKEN = 'close-token'
const node = useTestNode()
let http: HttpServer | undefined
let agent: Agent
beforeEach(async () => {
  http = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
  agent = new Agent({ keepAlive: true })
})
afterEach(async () => {
  agent.destroy()
  await http?.close()
})

it('a request in flight when the stop begins is answered, and the stop is done soon after, not after the keep-alive time-out', async () => {
  const server = http!
  const body = JSON.stringify({ path: '/', folder_name: 'late' })
  const half = body.length >> 1
  const req = request(`${server.url}/v2/create_folder`, {
    method: 'POST',
    agent,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }
  })
  const answer = new Promise<{ status?: number; text: string }>((done, fail) => {
    req.on('response', (res) => {
      let text = ''
      res.on('data', (c: Buffer) => (text += c.toString()))
      res.on('end', () => done({ status: res.statusCode, text }))
    })
    req.on('error', fail)
  })
  req.write(body.slice(0, half))
  await new Promise((r) => setTimeout(r, 100))
  const stopping = performance.now()
  const closed = server.close().then(() => performance.now() - stopping)
  http = undefined
  await new Promise((r) => setTimeout(r, 100))
  req.end(body.slice(half))
  expect(await answer).toEqual({ status: 200, text: '"Successfully created folder"' })
  expect(await closed).toBeLessThan(1500)
})
