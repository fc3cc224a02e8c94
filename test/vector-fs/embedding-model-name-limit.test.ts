import { afterEach, beforeEach, expect, it } from 'vitest'
import type { HttpServer } from '../../src/main/transports/http'
import { provider } from '../support/fixtures'
import { serveUploadsOverHttp, useTestNode } from '../support/node'

/*
 * update_default_embedding_model took a model name of any length: a megabyte of name was stored,
 * shown on Settings and sent with every embedding call. The contract's limit on a name (255
 * characters, code points) now applies: 400 naming `model` and the limit, nothing changed.
 * Over the node's real HTTP server.
 */

const TOKEN = 'tok'
const node = useTestNode()
let server: HttpServer
beforeEach(async () => {
  server = await serveUploadsOverHttp(node, TOKEN, 1 << 20)
})
afterEach(async () => {
  await server.close()
})

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() }
}

it('a model name over 255 characters is refused with a 400 naming the field and the limit; the setting in use stays', async () => {
  expect((await call('POST', '/v2/add_llm_provider', provider('emb', { external_url: 'http://127.0.0.1:9/v1' }))).status).toBe(200)
  expect((await call('POST', '/v2/update_default_embedding_model', { provider_id: 'emb', model: 'nomic-embed-text' })).status).toBe(200)

  for (const [model, n] of [
    ['m'.repeat(256), '256'],
    ['😀'.repeat(300), '300'],
    ['x'.repeat(1_000_000), '1,000,000']
  ] as const) {
    const res = await call('POST', '/v2/update_default_embedding_model', { provider_id: 'emb', model })
    expect(res).toEqual({
      status: 400,
      body: {
        code: 400,
        error: 'Bad Request',
        message: `model: An embedding model's name can be at most 255 characters; this one has ${n}.`
      }
    })
  }
  expect((await call('GET', '/v2/get_default_embedding_model')).body).toEqual({ provider_id: 'emb', model: 'nomic-embed-text' })

  // 255 characters, an emoji counting as one, is taken.
  const longest = `${'😀'.repeat(5)}${'m'.repeat(250)}`
  expect((await call('POST', '/v2/update_default_embedding_model', { provider_id: 'emb', model: longest })).status).toBe(200)
  expect((await call('GET', '/v2/get_default_embedding_model')).body).toEqual({ provider_id: 'emb', model: longest })
})
