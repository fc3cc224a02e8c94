import type { IpcMainInvokeEvent } from 'electron'
import { request } from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { IPC_REQUEST_CHANNEL } from '../../src/shared/bridge'
import { bindIpc, type IpcReply } from '../../src/main/transports/ipc'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { routePaths } from '../../src/shared/contract/route-paths'
import { createJobBody, emptyScopeBody, fullScope, provider } from '../support/fixtures'
import { dbFingerprint, expectError, useTestNode } from '../support/node'
import { startFakeLlm } from '../support/fake-llm'

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

const postJson = (path: string, body: unknown) =>
  send('POST', path, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })

async function newJob(): Promise<{ jobId: string; inboxId: string }> {
  expect((await postJson('/v2/add_llm_provider', provider('gpt'))).status).toBe(200)
  const created = await postJson('/v2/create_job', createJobBody('gpt'))
  expect(created.status).toBe(200)
  const jobId = (created.body as { job_id: string }).job_id
  return { jobId, inboxId: `job_inbox::${jobId}::false` }
}

const inboxNamed = async (inboxId: string) =>
  ((await send('GET', '/v2/all_inboxes')).body as { inbox_id: string; custom_name: string }[]).find((i) => i.inbox_id === inboxId)
    ?.custom_name

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

describe('bodies: JSON; another Content-Type is 415', () => {
  it('the media type is matched without regard to case, and its parameters do not matter', async () => {
    for (const [i, type] of ['Application/JSON', 'application/json;charset=UTF-8', 'APPLICATION/JSON ; charset="utf-8"'].entries()) {
      const res = await send('POST', '/v2/add_llm_provider', { body: JSON.stringify(provider(`p${i}`)), headers: { 'Content-Type': type } })
      expect(res, type).toMatchObject({ status: 200, body: 'Successfully added LLM provider' })
    }
  })

  it('types that only resemble it, and none at all, are 415 with the error body, storing nothing', async () => {
    const before = dbFingerprint(node.store)
    for (const type of [
      'application/jsonx',
      'application/json-patch+json',
      'text/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      undefined
    ]) {
      const res = await send('POST', '/v2/add_llm_provider', {
        body: JSON.stringify(provider('p')),
        headers: type === undefined ? {} : { 'Content-Type': type }
      })
      expect(res.status, String(type)).toBe(415)
      expect(res.body).toEqual({ code: 415, error: 'Unsupported Media Type', message: 'content-type: expected application/json' })
    }
    expect(dbFingerprint(node.store)).toBe(before)
  })
})

describe('bodies: JSON as sent; a body declared compressed is 415, never read as if it were not', () => {
  const json = { 'Content-Type': 'application/json' }
  const refusal = (codings: string) => ({
    code: 415,
    error: 'Unsupported Media Type',
    message: `content-encoding: the node reads request bodies uncompressed; send the body without a content coding (got ${codings})`
  })

  it('gzip JSON is 415 naming content-encoding (it was a 400 "not valid UTF-8"), storing nothing', async () => {
    const before = dbFingerprint(node.store)
    const res = await send('POST', '/v2/add_llm_provider', {
      body: gzipSync(JSON.stringify(provider('zipped'))),
      headers: { ...json, 'Content-Encoding': 'gzip' }
    })
    expect(res.status).toBe(415)
    expect(res.body).toEqual(refusal('gzip'))
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('a plain body marked br, deflate or several codings is 415 too (it was taken as if decoded), storing nothing', async () => {
    const before = dbFingerprint(node.store)
    for (const [coding, named] of [
      ['br', 'br'],
      ['Deflate', 'deflate'],
      ['identity, gzip', 'gzip'],
      ['gzip, br', 'gzip, br']
    ] as const) {
      const res = await send('POST', '/v2/add_llm_provider', {
        body: JSON.stringify(provider('plain')),
        headers: { ...json, 'Content-Encoding': coding }
      })
      expect(res.status, coding).toBe(415)
      expect(res.body, coding).toEqual(refusal(named))
    }
    // An upload is a body like any other.
    const form = new FormData()
    form.set('path', '/')
    form.set('file_data', new Blob(['hello']), 'a.txt')
    const upload = await send('POST', '/v2/upload_file_to_folder', { body: form, headers: { 'Content-Encoding': 'gzip' } })
    expect(upload).toMatchObject({ status: 415, body: refusal('gzip') })
    expect(dbFingerprint(node.store)).toBe(before)
  })

  /** A POST whose body node:http frames as chunked under the Transfer-Encoding given (fetch may not set that header). */
  const sendTransferCoded = (path: string, transferEncoding: string, body: Buffer, type = 'application/json') =>
    new Promise<{ status: number; body: unknown }>((done, fail) => {
      const url = new URL(path, server.url)
      const req = request(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': type, 'Transfer-Encoding': transferEncoding }
      })
      req.on('error', fail)
      req.on('response', (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (text += c))
        res.on('end', () => done({ status: res.statusCode!, body: JSON.parse(text) as unknown }))
      })
      req.end(body)
    })

  it('a transfer coding other than chunked (gzip, chunked) is 415 naming transfer-encoding: its bytes were read as the body, storing nothing', async () => {
    const before = dbFingerprint(node.store)
    const transferRefusal = (codings: string) => ({
      code: 415,
      error: 'Unsupported Media Type',
      message: `transfer-encoding: the node reads request bodies plain or chunked, with no other transfer coding; send the body without one (got ${codings})`
    })
    const plain = Buffer.from(JSON.stringify(provider('coded')))
    for (const [coding, body, named] of [
      ['gzip, chunked', gzipSync(plain), 'gzip'],
      // Sent plain but declared coded: it was taken, which a client that did code it could not tell apart.
      ['gzip, chunked', plain, 'gzip'],
      ['Deflate, chunked', plain, 'deflate'],
      ['x-custom, chunked', plain, 'x-custom']
    ] as const) {
      const res = await sendTransferCoded('/v2/add_llm_provider', coding, body)
      expect(res, coding).toEqual({ status: 415, body: transferRefusal(named) })
    }
    const boundary = 'b0undary'
    const form = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n/\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file_data"; filename="a.txt"\r\n\r\nhello\r\n--${boundary}--\r\n`
    )
    const upload = await sendTransferCoded('/v2/upload_file_to_folder', 'gzip, chunked', form, `multipart/form-data; boundary=${boundary}`)
    expect(upload).toEqual({ status: 415, body: transferRefusal('gzip') })
    expect(dbFingerprint(node.store)).toBe(before)
    // Chunked alone, in any case, is framing: the body is read.
    for (const [i, coding] of ['chunked', 'Chunked'].entries()) {
      const res = await sendTransferCoded('/v2/add_llm_provider', coding, Buffer.from(JSON.stringify(provider(`chunked${i}`))))
      expect(res, coding).toEqual({ status: 200, body: 'Successfully added LLM provider' })
    }
  })

  it('identity, in any case, is no coding: the body is read', async () => {
    for (const [i, coding] of ['identity', 'Identity', ''].entries()) {
      const res = await send('POST', '/v2/add_llm_provider', {
        body: JSON.stringify(provider(`id${i}`)),
        headers: { ...json, 'Content-Encoding': coding }
      })
      expect(res, coding).toMatchObject({ status: 200, body: 'Successfully added LLM provider' })
    }
  })
})

describe('bodies over 64 MiB get 413', () => {
  const MiB64 = 64 * 1024 * 1024
  /**
   * A JSON body of exactly `bytes` bytes: a scope update with one unknown field padding it out (a
   * route carrying a job scope keeps the 64 MiB; those of ids and settings take 1 MiB).
   */
  const bodyOf = (bytes: number) => {
    const head = '{"job_id":"none","pad":"'
    return `${head}${'x'.repeat(bytes - head.length - 2)}"}`
  }

  it('exactly 64 MiB is read (400 for its unknown field); one byte more is 413, declared or chunked; nothing stored', async () => {
    const before = dbFingerprint(node.store)
    const json = { 'Content-Type': 'application/json' }
    const exact = bodyOf(MiB64)
    expect(Buffer.byteLength(exact)).toBe(MiB64)
    const read = await send('POST', '/v2/update_job_scope', { body: exact, headers: json })
    expect(read).toMatchObject({ status: 400, body: { code: 400, message: 'job_scope: required; pad: unknown field' } })

    const over = bodyOf(MiB64 + 1)
    const declared = await send('POST', '/v2/update_job_scope', { body: over, headers: json })
    expectError(declared, 413, 'body: larger than the limit of 64 MiB')
    const bytes = Buffer.from(over)
    const chunked = await send('POST', '/v2/update_job_scope', {
      body: new ReadableStream({
        start(c) {
          for (let at = 0; at < bytes.length; at += 4 * 1024 * 1024) c.enqueue(bytes.subarray(at, at + 4 * 1024 * 1024))
          c.close()
        }
      }),
      headers: json
    })
    expectError(chunked, 413, 'body: larger than the limit of 64 MiB')
    expect(dbFingerprint(node.store)).toBe(before)
    expect((await send('GET', '/v2/available_llm_providers')).body).toEqual([])
  })
})

describe('LlmProvider fields at their bounds', () => {
  it('id: 64 characters of A-Za-z0-9_- is taken and listed as sent; 65, other characters or none are 400 naming id, storing nothing', async () => {
    const id = `${'Az09_-'.repeat(10)}abcd`
    expect(id).toHaveLength(64)
    expect(await postJson('/v2/add_llm_provider', provider(id))).toMatchObject({ status: 200, body: 'Successfully added LLM provider' })
    expect((await send('GET', '/v2/available_llm_providers')).body).toMatchObject([{ id }])
    const before = dbFingerprint(node.store)
    for (const bad of [`${id}x`, 'a.b', 'a b', 'ünï', 'a😀', 'a/b', '']) {
      const res = await postJson('/v2/add_llm_provider', provider(bad))
      expect(res.status, bad).toBe(400)
      expect(res.body).toMatchObject({ code: 400, error: 'Bad Request', message: expect.stringMatching(/(^|; )id: /) })
    }
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it("model: the kind's value is exactly {model_type}; another key in it, or a kind spelt in another case, is 400 naming where", async () => {
    const before = dbFingerprint(node.store)
    for (const [model, message] of [
      [{ OpenAI: { model_type: 'gpt-4o', temperature: 1 } }, /^model\.OpenAI\.temperature: /],
      [{ openai: { model_type: 'gpt-4o' } }, /^model: /],
      [{ OpenAI: { model_type: 'gpt-4o' }, Ollama: { model_type: 'llama3' } }, /^model: expected exactly one provider kind key$/],
      [{ OpenAI: 'gpt-4o' }, /^model\.OpenAI/]
    ] as const) {
      const res = await postJson('/v2/add_llm_provider', provider('p', { model }))
      expect(res.status, JSON.stringify(model)).toBe(400)
      expect(res.body).toMatchObject({ code: 400, error: 'Bad Request', message: expect.stringMatching(message) })
    }
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('name and description: right-to-left text, combining marks and emoji are kept exactly, counted in characters', async () => {
    const start = `${'שלום '.repeat(18)}e\u0301😀👩🏽‍💻`
    // Exactly 100 code points: the woman technologist is four of them.
    const name = start + 'x'.repeat(100 - [...start].length)
    const description = `${'é'.repeat(999)}😀`
    expect((await postJson('/v2/add_llm_provider', provider('p', { name, description }))).status).toBe(200)
    expect((await send('GET', '/v2/available_llm_providers')).body).toMatchObject([{ id: 'p', name, description }])
    expectError(await postJson('/v2/add_llm_provider', provider('q', { name: `${name}x` })), 400, 'name: ')
    expectError(await postJson('/v2/add_llm_provider', provider('q', { description: `${description}x` })), 400, 'description: ')
  })
})

describe('api_key: text a request header can carry', () => {
  const RULE =
    'api_key: An API key is sent in a request header, which carries only letters, digits, punctuation and spaces on one line: ' +
    'this one has a line break, a control character or a letter such as é or € inside it. Paste the key again as it was given.'
  const BAD_KEYS = ['sk-SECRET\nmore', 'sk-SECRET€x', 'sk-SECRET\u0000x', 'sk-SECRETé']

  it('a key with a line break, a control character or a letter beyond ASCII inside it is 400 naming api_key on every route that takes one, storing nothing; at either end they are taken', async () => {
    expect((await postJson('/v2/add_llm_provider', provider('kept', { api_key: 'sk-good' }))).status).toBe(200)
    const before = dbFingerprint(node.store)
    for (const key of BAD_KEYS) {
      for (const [path, body] of [
        ['/v2/add_llm_provider', provider('fresh', { api_key: key })],
        ['/v2/modify_llm_provider', provider('kept', { api_key: key })],
        ['/v2/test_llm_provider', provider('fresh', { api_key: key, external_url: 'http://127.0.0.1:9/v1' })],
        ['/v2/add_llm_providers', { providers: [provider('fresh', { api_key: key })] }],
        ['/v2/provider_models', { kind: 'OpenAI', external_url: 'http://127.0.0.1:9/v1', api_key: key }]
      ] as const) {
        const res = await postJson(path, body)
        const expected = path === '/v2/add_llm_providers' ? RULE.replace('api_key', 'providers[0].api_key') : RULE
        expect([path, JSON.stringify(key), res.status, res.body]).toEqual([
          path,
          JSON.stringify(key),
          400,
          { code: 400, error: 'Bad Request', message: expected }
        ])
      }
    }
    expect(dbFingerprint(node.store)).toBe(before)
    // Spaces and line breaks at either end are no part of a header value: a key pasted with them is taken.
    for (const [i, key] of ['sk-good\n', ' sk-good ', '\tsk-good\r\n', 'sk good with spaces'].entries()) {
      expect((await postJson('/v2/add_llm_provider', provider(`k${i}`, { api_key: key }))).status, JSON.stringify(key)).toBe(200)
    }
  })

  it('a key stored before the rule fails its check saying so, never quoting any part of it', async () => {
    const fake = await startFakeLlm()
    try {
      expect((await postJson('/v2/add_llm_provider', provider('old', { api_key: 'sk-good', external_url: fake.url }))).status).toBe(200)
      node.store.db.prepare('UPDATE providers SET api_key = ? WHERE id = ?').run(node.store.secrets.seal('sk-SECRET€x'), 'old')
      const res = await postJson('/v2/check_llm_provider', { llm_provider_id: 'old' })
      expect(res.status).toBe(502)
      const message = (res.body as { message: string }).message
      expect(message).toBe(
        `The OpenAI-compatible server at ${fake.url}/v1 was not called: the API key in the provider's settings has a line break, ` +
          'a control character or a letter such as é or € inside it, which a request header cannot carry. Paste the key again as it was given.'
      )
      expect(fake.requests).toHaveLength(0)
    } finally {
      await fake.close()
    }
  })
})

describe('update_smart_inbox_name: custom_name of 1-200 characters', () => {
  it('combining marks count as characters of their own (code points): 200 are taken as sent, 201 are 400 changing nothing', async () => {
    const { inboxId } = await newJob()
    const name = 'e\u0301'.repeat(100)
    expect(await postJson('/v2/update_smart_inbox_name', { inbox_name: inboxId, custom_name: name })).toMatchObject({
      status: 200,
      body: 'Successfully updated inbox name'
    })
    expect(await inboxNamed(inboxId)).toBe(name)
    const before = dbFingerprint(node.store)
    expectError(await postJson('/v2/update_smart_inbox_name', { inbox_name: inboxId, custom_name: `${name}x` }), 400, 'custom_name: ')
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('right-to-left and mixed-direction text is kept exactly as sent', async () => {
    const { inboxId } = await newJob()
    const name = 'تقرير Q3 ‏— שלום'
    expect((await postJson('/v2/update_smart_inbox_name', { inbox_name: inboxId, custom_name: name })).status).toBe(200)
    expect(await inboxNamed(inboxId)).toBe(name)
  })
})

describe('the first message renames a default-named inbox to its first line (up to 120 characters)', () => {
  it.each([
    ['120 emoji of 121 (characters, not UTF-16 units)', '😀'.repeat(121), '😀'.repeat(120)],
    ['a Windows line end', 'Première ligne\r\nsecond line', 'Première ligne'],
    ['right-to-left text', 'مرحبا بالعالم\nthe rest', 'مرحبا بالعالم']
  ])('%s', async (_label, content, expected) => {
    const { jobId, inboxId } = await newJob()
    expect((await postJson('/v2/job_message', { job_id: jobId, content })).status).toBe(200)
    expect(await inboxNamed(inboxId)).toBe(expected)
    // Only the first message names it.
    expect((await postJson('/v2/job_message', { job_id: jobId, content: 'Another title' })).status).toBe(200)
    expect(await inboxNamed(inboxId)).toBe(expected)
  })
})

describe('IPC: a value structured clone carries but JSON cannot is a 400 naming where it is', () => {
  /** The request channel as the preload reaches it, on a stand-in for Electron's ipcMain (its binary cannot run here). */
  function ipcRequest() {
    let listener: ((event: IpcMainInvokeEvent, payload: unknown) => Promise<IpcReply>) | undefined
    bindIpc(
      {
        handle: (channel, l) => {
          if (channel === IPC_REQUEST_CHANNEL) listener = l as typeof listener
        },
        removeHandler: () => {}
      },
      node.router,
      () => true
    )
    return async (method: string, path: string, body?: unknown) => {
      const reply = await listener!({} as IpcMainInvokeEvent, { method, path, body })
      return { status: reply.status, body: JSON.parse(new TextDecoder().decode(reply.body)) as unknown }
    }
  }

  it('a BigInt, Map, Set, Date, NaN or bytes inside a scope or a config: 400 naming the field, nothing stored (a BigInt was a 500, a Map stored as {})', async () => {
    const request = ipcRequest()
    expect((await request('POST', '/v2/add_llm_provider', provider('gpt'))).status).toBe(200)
    const created = await request('POST', '/v2/create_job', createJobBody('gpt', fullScope()))
    const { job_id } = created.body as { job_id: string }
    const config = { custom_prompt: '', temperature: 0.7, top_k: 40, top_p: 0.9, stream: true }
    const before = dbFingerprint(node.store)
    const withMetadata = (metadata: unknown) => {
      const scope = fullScope() as unknown as { local_vrkai: { vrkai: { metadata: unknown } }[] }
      scope.local_vrkai[0]!.vrkai.metadata = metadata
      return { job_id, job_scope: scope }
    }
    for (const [path, body, message] of [
      ['/v2/update_job_scope', { job_id, job_scope: { ...emptyScopeBody(), extra: 10n } }, /^job_scope\.extra: a BigInt has no JSON form/],
      [
        '/v2/update_job_scope',
        withMetadata({ pages: new Map([['a', 1]]) }),
        /^job_scope\.local_vrkai\[0\]\.vrkai\.metadata\.pages: a Map /
      ],
      [
        '/v2/update_job_scope',
        withMetadata({ tags: [1, new Set([2])] }),
        /^job_scope\.local_vrkai\[0\]\.vrkai\.metadata\.tags\[1\]: a Set /
      ],
      ['/v2/update_job_scope', withMetadata({ at: new Date(0) }), /^job_scope\.local_vrkai\[0\]\.vrkai\.metadata\.at: a Date /],
      ['/v2/update_job_scope', withMetadata({ raw: new Uint8Array([1, 2]) }), /^job_scope\.local_vrkai\[0\]\.vrkai\.metadata\.raw: bytes /],
      [
        '/v2/update_job_config',
        { job_id, config: { ...config, other_model_params: { max: Number.NaN } } },
        /^config\.other_model_params\.max: NaN /
      ],
      ['/v2/job_message', { job_id, content: 'Hello', parent: 1n }, /^parent: a BigInt /],
      ['/v2/add_llm_provider', new Map([['id', 'x']]), /^body: a Map /]
    ] as const) {
      const res = await request('POST', path, body)
      expect(res.status, String(message)).toBe(400)
      expect(res.body).toEqual({ code: 400, error: 'Bad Request', message: expect.stringMatching(message) })
    }
    expect(dbFingerprint(node.store)).toBe(before)
    expect((await request('GET', `/v2/get_job_scope?job_id=${job_id}`)).body).toEqual(fullScope())
  })

  it("bytes in a top-level field other than an upload's file_data: 400 saying so, not a list of the fields the bytes lack", async () => {
    const request = ipcRequest()
    expect((await request('POST', '/v2/add_llm_provider', provider('gpt'))).status).toBe(200)
    const { job_id } = (await request('POST', '/v2/create_job', createJobBody('gpt'))).body as { job_id: string }
    const before = dbFingerprint(node.store)
    for (const [path, body, message] of [
      // Read as an object, the bytes gave 'config.custom_prompt: required; config.stream: required; …'.
      ['/v2/update_job_config', { job_id, config: new Uint8Array([1, 2, 3]) }, "config: bytes are taken only as an upload's file_data"],
      ['/v2/update_job_scope', { job_id, job_scope: new Uint8Array(4).buffer }, "job_scope: bytes are taken only as an upload's file_data"],
      ['/v2/job_message', { job_id, content: Buffer.from('Hello') }, "content: bytes are taken only as an upload's file_data"],
      ['/v2/add_llm_provider', new Uint8Array(8), "body: bytes are taken only as an upload's file_data"]
    ] as const) {
      expect((await request('POST', path, body)).body).toEqual({ code: 400, error: 'Bad Request', message })
    }
    expect(dbFingerprint(node.store)).toBe(before)
  })
})
