import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { provider } from '../support/fixtures'
import { useTestNode } from '../support/node'

/*
 * `external_url` absent and `external_url: null` are the same setting (the kind's default address):
 * a test_llm_provider of a stored provider's settings is its check whichever of the two each side
 * spells (api-contract.md, "Providers": a body equal to a stored provider updates last_check).
 * The kind's default is Ollama's loopback address; whatever answers there (usually nothing: 502),
 * the result is kept.
 */
const TOKEN = 'null-url-token'
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 2500, idleMs: 2000 } } })
let http: HttpServer
beforeEach(async () => {
  http = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
})
afterEach(() => http.close())

const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
  const res = await fetch(`${http.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() }
}
const ollama = (id: string, extra: Record<string, unknown> = {}) => provider(id, { model: { Ollama: { model_type: 'llama3' } }, ...extra })
const lastCheck = async (id: string) => {
  const listed = (await call('GET', '/v2/available_llm_providers')).body as { id: string; last_check: { ok: boolean } | null }[]
  return listed.find((p) => p.id === id)!.last_check
}

describe('last_check and an external_url of null', () => {
  it.each([
    ['stored with external_url null, tested without it', { external_url: null }, {}],
    ['stored without external_url, tested with null', {}, { external_url: null }]
  ])('%s: the test is the provider check', async (_name, stored, tested) => {
    expect((await call('POST', '/v2/add_llm_provider', ollama('local', stored))).status).toBe(200)
    expect(await lastCheck('local')).toBeNull()
    const res = await call('POST', '/v2/test_llm_provider', ollama('local', tested))
    expect([200, 502, 504]).toContain(res.status)
    expect(await lastCheck('local')).toMatchObject({ ok: res.status === 200 })
  })

  it('"Save without a working test": tested without external_url, saved with null, it starts from that test', async () => {
    const res = await call('POST', '/v2/test_llm_provider', ollama('saved'))
    expect([200, 502, 504]).toContain(res.status)
    expect((await call('POST', '/v2/add_llm_provider', ollama('saved', { external_url: null }))).status).toBe(200)
    expect(await lastCheck('saved')).toMatchObject({ ok: res.status === 200 })
  })
})
