import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { routePaths } from '../../src/shared/contract/route-paths'
import { dbFingerprint, expectError, useTestNode } from '../support/node'

/*
 * api-contract.md lines 1-118 (common rules, the seed's six endpoints, the routes beyond them,
 * messages), row by row, over real HTTP on 127.0.0.1 with the default limits: the rows no other
 * test reached.
 */

const TOKEN = 'contract-audit-a'
const node = useTestNode()
let server: HttpServer

beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
})
afterEach(async () => {
  await server.close()
})

interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly body: unknown
}

async function send(
  method: string,
  path: string,
  init: { body?: RequestInit['body']; headers?: Record<string, string> } = {}
): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, ...init.headers },
    body: init.body,
    // A streamed body is sent chunked, which fetch allows only half-duplex.
    duplex: 'half'
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) }
}

/** Each /v2 path of the route table with the methods it takes. */
const methodsByPath = new Map<string, string[]>()
for (const { method, path } of Object.values(routePaths)) methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), method])

describe('known path with the wrong method: 405', () => {
  it('every path of the route table, asked with a method it does not take, is 405 with the error body and an Allow header listing what it takes', async () => {
    const before = dbFingerprint(node.store)
    for (const [path, methods] of methodsByPath) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter((m) => !methods.includes(m))) {
        const res = await send(method, path, method === 'GET' ? {} : { body: '{}', headers: { 'Content-Type': 'application/json' } })
        expect(res.status, `${method} ${path}`).toBe(405)
        expect(res.body, `${method} ${path}`).toEqual({
          code: 405,
          error: 'Method Not Allowed',
          message: `method: ${path} takes ${[...methods].sort().join(' or ')}, not ${method}`
        })
        expect(res.headers.get('allow'), `${method} ${path}`).toBe([...methods].sort().join(', '))
      }
    }
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('HEAD is a method the table does not list: 405 with Allow, no body (HEAD never has one)', async () => {
    for (const path of ['/v2/all_inboxes', '/v2/available_llm_providers', '/v2/get_job_scope']) {
      const res = await send('HEAD', path)
      expect(res.status, path).toBe(405)
      expect(res.headers.get('allow'), path).toBe('GET')
      expect(res.body).toBeUndefined()
    }
  })

  it("a browser's CORS preflight from another origin gets a 405 and no Access-Control-Allow-* header (no wildcard CORS)", async () => {
    const res = await send('OPTIONS', '/v2/add_llm_provider', {
      headers: {
        Origin: 'https://evil.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization'
      }
    })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('POST')
    for (const name of res.headers.keys()) expect(name).not.toMatch(/^access-control-/)
  })

  it('over IPC (the router alone) the same request is the same 405 and message', async () => {
    const res = await node.router.handle({ method: 'PUT', path: '/v2/provider_models' })
    expectError(res, 405, 'method: /v2/provider_models takes GET or POST, not PUT')
  })

  it('a path the table does not have is 404 whatever the method, also when it differs only by case or a trailing slash', async () => {
    for (const [method, path] of [
      ['GET', '/v2/nope'],
      ['OPTIONS', '/v2/nope'],
      ['GET', '/v2/all_inboxes/'],
      ['GET', '/V2/all_inboxes'],
      ['POST', '/v2/Add_llm_provider'],
      ['GET', '/v2/']
    ] as const) {
      const res = await send(method, path, method === 'POST' ? { body: '{}', headers: { 'Content-Type': 'application/json' } } : {})
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.body).toMatchObject({ code: 404, error: 'Not Found', message: expect.stringMatching(/^path: /) })
    }
  })
})
