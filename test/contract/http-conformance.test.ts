import { connect } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { createJobBody, fullScope, provider } from '../support/fixtures'
import { dbFingerprint, useTestNode } from '../support/node'

/*
 * Points of api-contract.md checked over real HTTP (127.0.0.1, port 0) where the built API
 * differed from the contract's words.
 */

const TOKEN = 'conformance-token'
const node = useTestNode()
let server: HttpServer

beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
})
afterEach(async () => {
  await server.close()
})

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; type: string | null; body: unknown }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return { status: res.status, type: res.headers.get('content-type'), body: await res.json() }
}

describe('JobScope: extra keys inside entries are kept, not dropped', () => {
  it("a network folder's external_identity keeps its extra keys, and its full_name rule still holds", async () => {
    expect((await call('POST', '/v2/add_llm_provider', provider('gpt'))).status).toBe(200)
    const scope = fullScope() as unknown as { network_folders: { external_identity: Record<string, unknown> }[] }
    scope.network_folders[0]!.external_identity.zz_extra = { nested: [1, 'two', null] }
    const created = await call('POST', '/v2/create_job', createJobBody('gpt', scope))
    expect(created.status).toBe(200)
    const jobId = (created.body as { job_id: string }).job_id
    const back = await call('GET', `/v2/get_job_scope?job_id=${jobId}`)
    expect(JSON.stringify(back.body)).toBe(JSON.stringify(scope))

    const before = dbFingerprint(node.store)
    scope.network_folders[0]!.external_identity.full_name = '@@other.sep-shinkai/main/agent/someone-else'
    const wrong = await call('POST', '/v2/create_job', createJobBody('gpt', scope))
    expect(wrong.status).toBe(400)
    expect((wrong.body as { message: string }).message).toMatch(
      /^job_creation_info\.scope\.network_folders\[0\]\.external_identity\.full_name: /
    )
    expect(dbFingerprint(node.store)).toBe(before)
  })
})

describe('LlmProvider: external_url, when given, is an absolute http or https URL', () => {
  it('refuses text the URL parser would only read as one after repairing it, naming the field and storing nothing', async () => {
    const before = dbFingerprint(node.store)
    for (const url of ['http:example.com/v1', 'http:///v1', 'https:/example.com', ' http://example.com/v1', 'http://example.com/v1\n']) {
      const res = await call('POST', '/v2/add_llm_provider', provider('gpt', { external_url: url }))
      expect(res.status, url).toBe(400)
      expect(res.body).toMatchObject({ code: 400, error: 'Bad Request', message: expect.stringMatching(/^external_url: /) })
    }
    expect(dbFingerprint(node.store)).toBe(before)
    for (const url of ['HTTPS://EXAMPLE.COM/v1', 'http://[::1]:11434', 'http://127.0.0.1:8080/v1?x=1']) {
      expect((await call('POST', '/v2/add_llm_provider', provider(`ok${url.length}`, { external_url: url }))).status, url).toBe(200)
    }
  })

  it("refuses user info even when it is empty ('https://@host', 'https://:@host'), on add, modify, test and provider_models alike", async () => {
    expect((await call('POST', '/v2/add_llm_provider', provider('gpt'))).status).toBe(200)
    const before = dbFingerprint(node.store)
    for (const url of ['https://@api.example.com/v1', 'https://:@api.example.com/v1', 'http://@127.0.0.1:8080', 'HTTP://@EXAMPLE.COM']) {
      for (const [path, body] of [
        ['/v2/add_llm_provider', provider('other', { external_url: url })],
        ['/v2/modify_llm_provider', provider('gpt', { external_url: url })],
        ['/v2/test_llm_provider', provider('gpt', { external_url: url, api_key: 'k' })],
        ['/v2/provider_models', { kind: 'OpenAI', external_url: url }]
      ] as const) {
        const res = await call('POST', path, body)
        expect(res.status, `${path} ${url}`).toBe(400)
        expect(res.body).toMatchObject({
          code: 400,
          error: 'Bad Request',
          message: expect.stringMatching(/^external_url: Remove the user name/)
        })
      }
    }
    expect(dbFingerprint(node.store)).toBe(before)
    // An @ after the host (in the path or query) is not user info.
    for (const [i, url] of [
      'http://127.0.0.1:8080/v1/@models',
      'http://127.0.0.1:8080/v1?who=@me',
      'http://127.0.0.1:8080/v1#@x'
    ].entries()) {
      expect((await call('POST', '/v2/add_llm_provider', provider(`at${i}`, { external_url: url }))).status, url).toBe(200)
    }
  })
})

/** Sends bytes as they are (fetch would refuse to send a malformed request) and reads until the server closes. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes))
    let got = ''
    socket.on('data', (chunk: Buffer) => (got += chunk.toString('utf8')))
    socket.on('close', () => done(got))
    socket.on('error', fail)
  })
}

function parseRaw(answer: string) {
  const [head, body] = answer.split('\r\n\r\n', 2) as [string, string]
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1])
  const type = /^content-type: *(.*)$/im.exec(head)?.[1]?.trim()
  const nosniff = /^x-content-type-options: *nosniff\r?$/im.test(head)
  return { status, type, nosniff, body: body ? (JSON.parse(body) as unknown) : undefined }
}

describe('error body {code, error, message} on every error', () => {
  it('a request Node cannot parse, and headers larger than it accepts, get the JSON error body too', async () => {
    const garbage = parseRaw(await rawExchange(server.port, 'GARBAGE\r\n\r\n'))
    // With the headers every other answer carries (the body is not to be read as anything but JSON).
    expect(garbage).toMatchObject({ status: 400, type: expect.stringMatching(/^application\/json/), nosniff: true })
    expect(garbage.body).toEqual({ code: 400, error: 'Bad Request', message: expect.stringMatching(/^request: /) })

    const badLength = `POST /v2/stop_llm HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Length: abc\r\n\r\n`
    expect(parseRaw(await rawExchange(server.port, badLength)).body).toMatchObject({ code: 400, error: 'Bad Request' })

    const bigHeader = `GET /v2/health_check HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`
    const tooLarge = parseRaw(await rawExchange(server.port, bigHeader))
    expect(tooLarge).toMatchObject({ status: 431, type: expect.stringMatching(/^application\/json/) })
    expect(tooLarge.body).toEqual({ code: 431, error: 'Request Header Fields Too Large', message: expect.stringMatching(/^headers: /) })

    // The server goes on answering.
    expect((await call('GET', '/v2/health_check')).status).toBe(200)
  })

  it('an HTTP/1.1 request with no Host header is turned away by the Host guard (403 with the error body), not a bare 400', async () => {
    for (const path of ['/v2/health_check', '/v2/all_inboxes', '/']) {
      const answer = parseRaw(await rawExchange(server.port, `GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`))
      expect(answer).toMatchObject({ status: 403, type: expect.stringMatching(/^application\/json/), nosniff: true })
      expect(answer.body).toEqual({ code: 403, error: 'Forbidden', message: expect.stringMatching(/^host: /) })
    }
    expect((await call('GET', '/v2/health_check')).status).toBe(200)
  })
})

describe('a request-target is one path: unknown path, 404', () => {
  const head = (target: string, extra = '') =>
    `${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Bearer ${TOKEN}\r\n${extra}Connection: close\r\n\r\n`

  it('a path starting with // is that path: 404, not the route after its first segment (it was answered as that route)', async () => {
    const before = dbFingerprint(node.store)
    for (const target of ['//x/v2/available_llm_providers', '//127.0.0.1/v2/health_check']) {
      const answer = parseRaw(await rawExchange(server.port, head(`GET ${target}`)))
      expect(answer, target).toMatchObject({ status: 404, type: expect.stringMatching(/^application\/json/) })
      expect(answer.body, target).toEqual({ code: 404, error: 'Not Found', message: expect.stringMatching(/^path: /) })
    }
    const body = JSON.stringify(provider('slashes'))
    const post = head('POST //x/v2/add_llm_provider', `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`)
    expect(parseRaw(await rawExchange(server.port, post + body)).status).toBe(404)
    expect(dbFingerprint(node.store)).toBe(before)
  })
})

describe('GET /v2/events while the node stops', () => {
  it('a stream asked for on a connection still open when the node stops gets an error body, not plain text', async () => {
    const socket = connect(server.port, '127.0.0.1')
    let got = ''
    socket.on('data', (chunk: Buffer) => (got += chunk.toString('utf8')))
    await new Promise((ready) => socket.once('connect', ready))
    const head = (method: string, path: string) =>
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Bearer ${TOKEN}\r\n`
    const body = JSON.stringify({ inbox_name: 'nope' })
    // A request under way (its body not all sent) keeps the connection open through close().
    socket.write(
      `${head('POST', '/v2/stop_llm')}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`
    )
    await new Promise((r) => setTimeout(r, 100))
    const closed = server.close()
    socket.write(`${body.slice(5)}${head('GET', '/v2/events')}\r\n`)
    await new Promise((done) => socket.once('close', done))
    await closed
    const second = got.slice(got.indexOf('HTTP/1.1', 1))
    const type = /^content-type: *(.*)$/im.exec(second)?.[1]?.trim()
    expect(second).toMatch(/^HTTP\/1\.1 503 /)
    expect(type).toMatch(/^application\/json/)
    const json = second.slice(second.indexOf('\r\n\r\n') + 4)
    expect(JSON.parse(json)).toEqual({ code: 503, error: 'Service Unavailable', message: expect.stringMatching(/^events: /) })
  })
})

describe('VectorFS: a folder path that names a file is a missing folder (404)', () => {
  const upload = async (path: string, filename: string) => {
    const form = new FormData()
    form.set('path', path)
    form.set('filename', filename)
    form.set('file_data', new Blob(['lease terms']), filename)
    const res = await fetch(`${server.url}/v2/upload_file_to_folder`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}` },
      body: form
    })
    return { status: res.status, body: await res.json() }
  }

  it('create_folder (parent missing), upload (folder missing), retrieve_path_simplified and a move into it answer 404, changing nothing', async () => {
    expect((await call('POST', '/v2/create_folder', { path: '/', folder_name: 'Docs' })).status).toBe(200)
    expect((await upload('/Docs', 'notes.txt')).status).toBe(200)
    const before = dbFingerprint(node.store)
    const answers = [
      ['create_folder', 'path', await call('POST', '/v2/create_folder', { path: '/Docs/notes.txt', folder_name: 'Sub' })],
      ['upload', 'path', await upload('/Docs/notes.txt', 'other.txt')],
      ['retrieve_path_simplified', 'path', await call('GET', '/v2/retrieve_path_simplified?path=/Docs/notes.txt')],
      [
        'move_item',
        'destination_path',
        await call('POST', '/v2/move_item', { origin_path: '/Docs/notes.txt', destination_path: '/Docs/notes.txt/moved.txt' })
      ]
    ] as const
    for (const [route, field, res] of answers) {
      expect(res.status, route).toBe(404)
      expect(res.body, route).toMatchObject({ code: 404, error: 'Not Found', message: expect.stringMatching(new RegExp(`^${field}: `)) })
    }
    expect(dbFingerprint(node.store)).toBe(before)
  })
})

describe('errors that repeat what was sent stay a sentence long', () => {
  it('a 404 for a 900 KiB inbox name names it by its start, in at most 1,000 characters, and changes nothing', async () => {
    const before = dbFingerprint(node.store)
    // Just under the 1 MiB a request of names and ids may take.
    const name = `job_inbox::${'x'.repeat(900 * 1024)}::false`
    const res = await call('POST', '/v2/update_smart_inbox_name', { inbox_name: name, custom_name: 'renamed' })
    expect(res.status).toBe(404)
    const message = (res.body as { message: string }).message
    expect(message).toMatch(/^inbox_name: .*job_inbox::xxxx/)
    expect(message.length).toBeLessThanOrEqual(1000)
    expect(message.endsWith('…')).toBe(true)
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('is not cut between the two halves of an emoji', async () => {
    // Either parity of the prefix puts the cut on one half or the other of a pair.
    for (const lead of ['', 'a']) {
      const res = await call('POST', '/v2/update_smart_inbox_name', { inbox_name: lead + '😀'.repeat(2000), custom_name: 'renamed' })
      expect(res.status).toBe(404)
      const message = (res.body as { message: string }).message
      expect(message.length).toBeLessThanOrEqual(1000)
      expect(message, lead).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/)
    }
  })
})
