import { request as httpRequest } from 'node:http'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { RENDERER_CSP } from '../../src/shared/csp'
import { createJobBody, provider } from '../support/fixtures'
import { dbFingerprint, useTestNode } from '../support/node'

const TOKEN = 'test-token-abc'
const node = useTestNode()
let server: HttpServer

beforeEach(async () => {
  const web = join(node.dir, 'web')
  mkdirSync(join(web, 'assets'), { recursive: true })
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Nodedesk</title>')
  writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)')
  writeFileSync(join(node.dir, 'secret.txt'), 'do not serve')
  server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, staticDir: web, log: node.log, maxBodyBytes: 1024 * 1024 })
})
afterEach(async () => {
  await server.close()
})

const auth = { Authorization: `Bearer ${TOKEN}` }
const api = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { ...auth, ...(init.headers ?? {}) } })
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  api(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } })

async function expectErrorResponse(res: Response, status: number, phrase: string) {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  const body = (await res.json()) as Record<string, unknown>
  expect(body).toMatchObject({ code: status, error: phrase })
  expect(typeof body.message).toBe('string')
  return body
}

/** Raw request with a chosen Host header (fetch will not let us forge it). */
function rawRequest(path: string, headers: Record<string, string>, method = 'GET', body?: string) {
  const { port } = server
  return new Promise<{ status: number; body: string }>((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let data = ''
      res.on('data', (c) => (data += c))
      res.on('end', () => done({ status: res.statusCode!, body: data }))
    })
    req.on('error', fail)
    req.end(body)
  })
}

describe('HTTP transport', () => {
  it('binds 127.0.0.1 and serves the same router: success bodies and error bodies', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const res = await post('/v2/add_llm_provider', provider('gpt'))
    expect(res.status).toBe(200)
    expect(await res.json()).toBe('Successfully added LLM provider')
    await expectErrorResponse(await post('/v2/add_llm_provider', provider('gpt')), 409, 'Conflict')
    await expectErrorResponse(await post('/v2/create_job', createJobBody('ghost')), 404, 'Not Found')
    const scopeless = await expectErrorResponse(
      await post('/v2/create_job', { llm_provider: 'gpt', job_creation_info: {} }),
      400,
      'Bad Request'
    )
    expect(scopeless.message).toBe('job_creation_info.scope: required')
  })

  it('health_check needs no token; every other /v2 path answers 401 without the right one', async () => {
    expect((await fetch(`${server.url}/v2/health_check`)).status).toBe(200)
    await expectErrorResponse(await fetch(`${server.url}/v2/all_inboxes`), 401, 'Unauthorized')
    await expectErrorResponse(
      await fetch(`${server.url}/v2/all_inboxes`, { headers: { Authorization: 'Bearer wrong' } }),
      401,
      'Unauthorized'
    )
    await expectErrorResponse(await fetch(`${server.url}/v2/all_inboxes`, { headers: { Authorization: TOKEN } }), 401, 'Unauthorized')
    await expectErrorResponse(await fetch(`${server.url}/v2/nope`), 401, 'Unauthorized')
    const unauth = await fetch(`${server.url}/v2/add_llm_provider`, {
      method: 'POST',
      body: JSON.stringify(provider('x')),
      headers: { 'Content-Type': 'application/json' }
    })
    await expectErrorResponse(unauth, 401, 'Unauthorized')
    expect(((await (await api('/v2/available_llm_providers')).json()) as unknown[]).length).toBe(0)
  })

  it('answers 403 to a foreign Host header (DNS rebinding), even with the token', async () => {
    const foreign = await rawRequest('/v2/all_inboxes', { ...auth, Host: `evil.example:${server.port}` })
    expect(foreign.status).toBe(403)
    expect(JSON.parse(foreign.body)).toMatchObject({ code: 403, error: 'Forbidden' })
    expect((await rawRequest('/v2/health_check', { Host: 'evil.example' })).status).toBe(403)
    expect((await rawRequest('/', { Host: `127.0.0.1.evil.example:${server.port}` })).status).toBe(403)
    expect((await rawRequest('/v2/all_inboxes', { ...auth, Host: `localhost:${server.port}` })).status).toBe(200)
    expect((await rawRequest('/v2/all_inboxes', { ...auth, Host: `127.0.0.1:${server.port}` })).status).toBe(200)
    expect((await rawRequest('/v2/all_inboxes', { ...auth, Host: `localhost:${server.port + 1}` })).status).toBe(403)
  })

  it('answers 415 to a POST that is not application/json, 404/405 by path and method', async () => {
    await expectErrorResponse(
      await api('/v2/add_llm_provider', { method: 'POST', body: JSON.stringify(provider('x')), headers: { 'Content-Type': 'text/plain' } }),
      415,
      'Unsupported Media Type'
    )
    await expectErrorResponse(
      await api('/v2/add_llm_provider', { method: 'POST', body: JSON.stringify(provider('x')) }),
      415,
      'Unsupported Media Type'
    )
    expect((await post('/v2/add_llm_provider', provider('x'), { 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(200)
    await expectErrorResponse(await api('/v2/nope'), 404, 'Not Found')
    await expectErrorResponse(
      await api('/v2/all_inboxes', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }),
      405,
      'Method Not Allowed'
    )
    await expectErrorResponse(await api('/v2/create_job', { method: 'DELETE' }), 405, 'Method Not Allowed')
  })

  it('answers 400 to malformed JSON and to a __proto__ key, changing nothing', async () => {
    const before = dbFingerprint(node.store)
    const bad = await expectErrorResponse(
      await api('/v2/add_llm_provider', { method: 'POST', body: '{"id": ', headers: { 'Content-Type': 'application/json' } }),
      400,
      'Bad Request'
    )
    // Before: "body: malformed JSON (Unexpected end of JSON input)", V8's words and no place.
    expect(bad.message).toBe('body: the request body is not valid JSON: it ends before the JSON is complete (at line 1, column 8).')
    const misplaced = await expectErrorResponse(
      await api('/v2/add_llm_provider', { method: 'POST', body: '{\n  "id": }', headers: { 'Content-Type': 'application/json' } }),
      400,
      'Bad Request'
    )
    // Before: `body: malformed JSON (Unexpected token '}', "{\n  "id": }" is not valid JSON)`, the body quoted back.
    expect(misplaced.message).toBe('body: the request body is not valid JSON (at line 2, column 9).')
    const proto = `{"__proto__": {"polluted": true}, ${JSON.stringify(provider('p')).slice(1)}`
    const res = await api('/v2/add_llm_provider', { method: 'POST', body: proto, headers: { 'Content-Type': 'application/json' } })
    expect(res.status).toBe(400)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('answers 400 naming the parameter to a query whose percent escapes are not UTF-8, as for a body; valid escapes and a stray % still read', async () => {
    expect((await post('/v2/create_folder', { path: '/', folder_name: 'Café' })).status).toBe(200)
    // Before: the bad bytes became U+FFFD, so a path answered 404 "no folder /Caf�" and a search an empty list.
    const refused: [string, string][] = [
      ['/v2/retrieve_path_simplified?path=/Caf%E9', 'path'], // é in Latin-1, not UTF-8
      ['/v2/retrieve_path_simplified?path=/&depth=1%FF', 'depth'],
      ['/v2/download_file?path=/Caf%C3', 'path'], // a UTF-8 sequence cut short
      ['/v2/retrieve_vector_resource?path=/%ED%A0%80.txt', 'path'], // half of a surrogate pair, encoded
      ['/v2/search_inboxes?q=caf%E9', 'q'],
      ['/v2/get_inbox?inbox_name=job_inbox%3A%3A%80', 'inbox_name'],
      ['/v2/all_inboxes_paginated?offset=%FE', 'offset']
    ]
    for (const [path, field] of refused) {
      const body = await expectErrorResponse(await api(path), 400, 'Bad Request')
      expect(body.message, path).toBe(`${field}: not valid UTF-8`)
    }
    const listed = await api('/v2/retrieve_path_simplified?path=/&depth=0')
    expect(((await listed.json()) as { name: string }[]).map((e) => e.name)).toEqual(['Café'])
    expect((await api('/v2/retrieve_path_simplified?path=/Caf%C3%A9')).status).toBe(200)
    expect((await api('/v2/search_inboxes?q=caf%C3%A9+50%25')).status).toBe(200)
    // A % that begins no escape is read as itself, as before.
    expect(await (await api('/v2/get_inbox?inbox_name=100%zz')).json()).toMatchObject({
      code: 404,
      message: "inbox_name: no inbox '100%zz'"
    })
  })

  it('answers 413 to a body over the limit, and the node keeps serving', async () => {
    const big = JSON.stringify({ ...provider('big'), toolkit_permissions: ['x'.repeat(2 * 1024 * 1024)] })
    await expectErrorResponse(await post('/v2/add_llm_provider', JSON.parse(big)), 413, 'Payload Too Large')
    expect((await api('/v2/available_llm_providers').then((r) => r.json())) as unknown[]).toEqual([])
    // Chunked (no Content-Length) over the limit too.
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 3; i++) c.enqueue(new TextEncoder().encode('x'.repeat(512 * 1024)))
        c.close()
      }
    })
    const chunked = await api('/v2/add_llm_provider', {
      method: 'POST',
      body: stream,
      headers: { 'Content-Type': 'application/json' },
      duplex: 'half'
    })
    await expectErrorResponse(chunked, 413, 'Payload Too Large')
    expect((await api('/v2/health_check')).status).toBe(200)
  })

  it('serves the renderer at / with a strict CSP, never files outside it, and no CORS', async () => {
    const page = await fetch(`${server.url}/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP)
    expect(RENDERER_CSP).toContain("script-src 'self'")
    expect(RENDERER_CSP).not.toMatch(/script-src[^;]*unsafe/)
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await page.text()).toContain('<title>Nodedesk</title>')
    expect((await fetch(`${server.url}/assets/app.js`)).headers.get('content-type')).toMatch(/javascript/)
    expect((await rawRequest('/../secret.txt', { Host: `127.0.0.1:${server.port}` })).status).toBe(404)
    expect((await rawRequest('/%2e%2e/secret.txt', { Host: `127.0.0.1:${server.port}` })).status).toBe(404)
    const cors = await api('/v2/all_inboxes', { headers: { Origin: 'https://evil.example' } })
    expect(cors.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('streams inbox_changed and provider_changed as server-sent events to a token holder', async () => {
    const abort = new AbortController()
    const res = await api('/v2/events', { signal: abort.signal })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ''
    const waitFor = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read()
        if (done) throw new Error('stream ended')
        text += value
      }
    }
    await waitFor(': connected')
    await post('/v2/add_llm_provider', provider('gpt'))
    await waitFor('event: provider_changed\ndata: {"id":"gpt"}\n\n')
    const { job_id } = (await (await post('/v2/create_job', createJobBody('gpt'))).json()) as { job_id: string }
    await waitFor(`event: inbox_changed\ndata: {"inbox_id":"job_inbox::${job_id}::false","inbox":{"custom_name":"New job with gpt"`)
    abort.abort()
    await expectErrorResponse(await fetch(`${server.url}/v2/events`), 401, 'Unauthorized')
  })

  it('close() ends open event streams and finishes', async () => {
    const res = await api('/v2/events')
    const reader = res.body!.getReader()
    await reader.read()
    const closing = server.close()
    let done = false
    while (!done) done = (await reader.read()).done
    await closing
    server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log }) // for afterEach
  })
})
