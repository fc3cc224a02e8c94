import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provider } from '../support/fixtures'
import { expectError, useTestNode } from '../support/node'

/*
 * Error bodies in the shapes real servers send, quoted in the operator's message by what they say:
 * Express and NestJS servers (@dwmkerr/mock-llm's catch-all among them) put the status's name in
 * `error` and what happened in `message`; FastAPI servers a list of problems in `detail`.
 */

let status = 404
let body = ''
let server: Server
let base: string
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(body)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
})
afterAll(() => {
  server.closeAllConnections()
  return new Promise<void>((r) => server.close(() => r()))
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 4000, idleMs: 4000 }, rateLimitRetries: 0 } })
const check = () => node.post('/v2/test_llm_provider', provider('p1', { external_url: base, model: { OpenAI: { model_type: 'm' } } }))

describe('an error body', () => {
  it("with the status's name in `error` and what happened in `message`: quotes both", async () => {
    status = 404
    body = JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Cannot POST /v1/chat/completions' })
    expectError(await check(), 502, '(HTTP 404: "Not Found: Cannot POST /v1/chat/completions")')
  })

  it('with a list of messages (NestJS validation): quotes them', async () => {
    status = 400
    body = JSON.stringify({
      statusCode: 400,
      error: 'Bad Request',
      message: ['temperature must not be greater than 1', 'top_k is not allowed']
    })
    expectError(await check(), 502, '(HTTP 400: "Bad Request: temperature must not be greater than 1; top_k is not allowed")')
  })

  it("with FastAPI's list of problems in `detail`: quotes each problem's words", async () => {
    status = 422
    body = JSON.stringify({ detail: [{ loc: ['body', 'top_k'], msg: 'Input should be a valid integer', type: 'int_parsing' }] })
    expectError(await check(), 502, '(HTTP 422: "Input should be a valid integer (body.top_k)")')
  })

  it('with only the message: quotes it as before', async () => {
    status = 500
    body = JSON.stringify({ error: { message: 'CUDA out of memory', type: 'server_error' } })
    const res = await check()
    expectError(res, 502, '(HTTP 500: "CUDA out of memory")')
    expect(JSON.stringify(res.body)).not.toContain('server_error')
  })
})
