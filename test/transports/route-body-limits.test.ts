import { request } from 'node:http'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { MAX_SMALL_BODY_BYTES, PROVIDER_BATCH_BODY_LIMIT, SMALL_BODY_LIMIT } from '../../src/shared/contract/limits'
import { routes } from '../../src/shared/contract/routes'
import { provider } from '../support/fixtures'
import { addProvider, dbFingerprint, useTestNode } from '../support/node'

/*
 * Every route took a JSON body of up to 64 MiB and parsed it whole before its fields were checked:
 * a 60 MB body of empty arrays sent to delete_item took 1.6 GB and 16 s to answer 400. A route
 * whose fields are ids, names, paths or settings now takes at most 1 MiB, checked while reading,
 * and answers 413 with the error body; only routes carrying a job scope or up to 10,000 paths keep 64 MiB.
 */

const MIB = 1024 * 1024
const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let server: HttpServer
beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: 't', port: 0, log: node.log })
})
afterEach(() => server.close())

type Answer = { status: number; body: unknown }
/** POSTs `body` (with a Content-Length, or chunked) on a connection of its own. */
const post = (path: string, body: string | Buffer, declareLength = true) =>
  new Promise<Answer>((done, fail) => {
    const headers: Record<string, string | number> = { Authorization: 'Bearer t', 'Content-Type': 'application/json' }
    if (declareLength) headers['Content-Length'] = Buffer.byteLength(body)
    const req = request(`${server.url}${path}`, { method: 'POST', headers, agent: false }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (text += c))
      res.on('end', () => done({ status: res.statusCode!, body: JSON.parse(text) as unknown }))
    })
    // Once the node has answered it may close the connection under the rest of the body.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : fail(err)))
    for (let i = 0; i < body.length; i += MIB) req.write(body.slice(i, i + MIB))
    req.end()
  })

/** A JSON object body of exactly `bytes` bytes: one padding field. */
const padded = (bytes: number) => {
  const head = '{"pad":"'
  return `${head}${'x'.repeat(bytes - head.length - 2)}"}`
}

const jsonRoutes = Object.entries(routes).filter(([, r]) => r.method === 'POST' && 'body' in r && !(r as { upload?: true }).upload) as [
  string,
  { path: string; bodyLimit?: { bytes: number; message: string } }
][]

describe('body limits per route', () => {
  it('every JSON route has a limit of its own, except those carrying a job scope or up to 10,000 paths', () => {
    expect(jsonRoutes.filter(([, r]) => !r.bodyLimit).map(([name]) => name)).toEqual([
      'create_job',
      'update_job_scope',
      'vector_fs_missing_paths'
    ])
    expect(routes.add_llm_providers.bodyLimit).toBe(PROVIDER_BATCH_BODY_LIMIT)
  })

  it('a route of ids, names and settings: one byte over 1 MiB is 413 naming the field, declared or chunked; nothing stored', async () => {
    const small = jsonRoutes.filter(([, r]) => r.bodyLimit === SMALL_BODY_LIMIT)
    expect(small.length).toBeGreaterThan(20)
    const before = dbFingerprint(node.store)
    const over = padded(MAX_SMALL_BODY_BYTES + 1)
    for (const [name, r] of small) {
      for (const declared of [true, false]) {
        const res = await post(r.path, over, declared)
        expect(res, `${name}, ${declared ? 'declared' : 'chunked'}`).toEqual({
          status: 413,
          body: { code: 413, error: 'Payload Too Large', message: 'pad: too large (the whole request may take at most 1 MiB)' }
        })
      }
    }
    expect(dbFingerprint(node.store)).toBe(before)
  }, 60_000)

  it('a body over 1 MiB where no one field can be blamed is 413 saying what such a request may take', async () => {
    const many = JSON.stringify(Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`extra_${i}`, 'v'.repeat(40)])))
    expect(Buffer.byteLength(many)).toBeGreaterThan(MAX_SMALL_BODY_BYTES)
    expect(await post('/v2/create_folder', many)).toEqual({
      status: 413,
      body: {
        code: 413,
        error: 'Payload Too Large',
        message: 'body: larger than the 1 MiB this request may take (its fields are ids, names, paths and settings)'
      }
    })
  })

  it('a 20 MB body of empty arrays to delete_item is refused while reading, not parsed', async () => {
    const body = `{"path":"/x","pad":[${'[],'.repeat(Math.floor((20 * 1e6) / 3))}[]]}`
    const started = performance.now()
    const res = await post('/v2/delete_item', body)
    expect(res).toMatchObject({ status: 413, body: { message: 'pad: too large (the whole request may take at most 1 MiB)' } })
    expect(performance.now() - started).toBeLessThan(5_000)
  }, 30_000)

  it('the largest legitimate bodies still pass: a 10,000-character search all escapes, 100 providers with long keys', async () => {
    const search = await post('/v2/search_items', JSON.stringify({ search: 'a' + '\u0001'.repeat(9_999) }))
    expect(search.status).toBe(200)
    const providers = Array.from({ length: 100 }, (_, i) => provider(`p${i}`, { api_key: 'k'.repeat(16_000) }))
    const body = JSON.stringify({ providers })
    expect(Buffer.byteLength(body)).toBeGreaterThan(MAX_SMALL_BODY_BYTES)
    const added = await post('/v2/add_llm_providers', body)
    expect(added).toEqual({ status: 200, body: 'Successfully added LLM providers' })
  })

  it('a route keeping 64 MiB still reads a body past 1 MiB (400 for its unknown field, not 413)', async () => {
    const res = await post('/v2/update_job_scope', padded(2 * MIB))
    expect(res.status).toBe(400)
  })
})
