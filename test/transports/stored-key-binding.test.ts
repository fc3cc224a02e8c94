import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { provider } from '../support/fixtures'
import { dbFingerprint, useTestNode } from '../support/node'

/*
 * Issue 10, item 2: any holder of the API token could send a stored key to a host of its choice
 * by naming the stored provider with another external_url. Over the real HTTP server, with a
 * loopback "attacker" that records every Authorization header that reaches it.
 */

const TOKEN = 'test-token-keys'
const STORED_KEY = 'sk-stored-secret-1234567890'
const node = useTestNode()
let server: HttpServer
let own: FakeLlm
let attacker: FakeLlm

beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
  own = await startFakeLlm()
  attacker = await startFakeLlm()
  const res = await post('/v2/add_llm_provider', provider('saved', { external_url: `${own.url}/v1`, api_key: STORED_KEY }))
  expect(res.status).toBe(200)
})
afterEach(async () => {
  await server.close()
  await own.close()
  await attacker.close()
})

const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }
const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
const get = (path: string, query: Record<string, string>) =>
  fetch(`${server.url}${path}?${new URLSearchParams(query).toString()}`, { headers: { Authorization: headers.Authorization } })

/** Every credential header any request to the attacker carried. */
const credentialsAt = (fake: FakeLlm) =>
  fake.requests.flatMap((r) => [r.headers.authorization, r.headers['x-api-key'], r.headers['x-goog-api-key']]).filter(Boolean)

async function expect400OnApiKey(res: Response) {
  expect(res.status).toBe(400)
  const body = (await res.json()) as { code: number; error: string; message: string }
  expect(body).toMatchObject({ code: 400, error: 'Bad Request' })
  expect(body.message).toMatch(/^api_key: /)
  expect(body.message).toContain("provider 'saved'")
  expect(body.message).not.toContain(STORED_KEY)
  return body.message
}

describe('a stored key goes only to its own provider URL', () => {
  it('test_llm_provider naming a stored provider with another URL and no api_key: 400, nothing reaches the other host', async () => {
    const message = await expect400OnApiKey(await post('/v2/test_llm_provider', provider('saved', { external_url: attacker.url })))
    expect(message).toContain('send the API key for that address')
    expect(attacker.requests).toHaveLength(0)
    expect(own.requests).toHaveLength(0)
  })

  it('test_llm_provider switching the kind to one whose default URL differs is another URL too', async () => {
    await expect400OnApiKey(
      await post('/v2/test_llm_provider', provider('saved', { model: { Claude: { model_type: 'c' } }, external_url: undefined }))
    )
    await expect400OnApiKey(await post('/v2/test_llm_provider', provider('saved', { external_url: null })))
  })

  it('GET and POST provider_models with llm_provider_id and another URL: 400, nothing reaches the other host', async () => {
    await expect400OnApiKey(await get('/v2/provider_models', { llm_provider_id: 'saved', external_url: attacker.url }))
    await expect400OnApiKey(await post('/v2/provider_models', { llm_provider_id: 'saved', external_url: attacker.url }))
    expect(attacker.requests).toHaveLength(0)
  })

  it('modify_llm_provider moving a provider with a stored key elsewhere must carry a key: the stored one cannot follow', async () => {
    const before = dbFingerprint(node.store)
    await expect400OnApiKey(await post('/v2/modify_llm_provider', provider('saved', { external_url: attacker.url })))
    expect(dbFingerprint(node.store)).toBe(before)
    // Edits that keep the address keep the key; a move with a new key or with none is fine.
    expect(
      (await post('/v2/modify_llm_provider', provider('saved', { external_url: `${own.url}/v1/`, perform_locally: true }))).status
    ).toBe(200)
    expect((await post('/v2/modify_llm_provider', provider('saved', { external_url: attacker.url, api_key: 'sk-new' }))).status).toBe(200)
    expect((await post('/v2/test_llm_provider', provider('saved', { external_url: attacker.url }))).status).toBe(200)
    expect(credentialsAt(attacker)).toEqual(['Bearer sk-new'])
    expect(credentialsAt(own)).toEqual([])
  })

  it('a request that carries its own api_key may go elsewhere, and carries only that key', async () => {
    const tested = await post('/v2/test_llm_provider', provider('saved', { external_url: attacker.url, api_key: 'sk-typed-now' }))
    expect(tested.status).toBe(200)
    const listed = await post('/v2/provider_models', { llm_provider_id: 'saved', external_url: attacker.url, api_key: 'sk-typed-now' })
    expect(listed.status).toBe(200)
    const noKey = await post('/v2/provider_models', { llm_provider_id: 'saved', external_url: attacker.url, api_key: null })
    expect(noKey.status).toBe(200)
    expect(credentialsAt(attacker)).toEqual(['Bearer sk-typed-now', 'Bearer sk-typed-now'])
    expect(attacker.requests).toHaveLength(3)
  })

  it('the same URL written differently (no /v1, trailing slash, upper-case host) still uses the stored key', async () => {
    const port = new URL(own.url).port
    for (const url of [own.url, `${own.url}/v1/`, `http://127.0.0.1:${port}/v1`]) {
      const res = await post('/v2/test_llm_provider', provider('saved', { external_url: url }))
      expect(res.status, url).toBe(200)
    }
    const listed = await get('/v2/provider_models', { llm_provider_id: 'saved', external_url: `HTTP://127.0.0.1:${port}/v1/` })
    expect(listed.status).toBe(200)
    const stored = await get('/v2/provider_models', { llm_provider_id: 'saved' })
    expect(stored.status).toBe(200)
    expect(credentialsAt(own)).toEqual(Array(5).fill(`Bearer ${STORED_KEY}`))
  })

  it('an external_url with user info is 400 everywhere a URL is accepted, and reaches no host', async () => {
    const ownPort = new URL(own.url).port
    const attackerHost = new URL(attacker.url).host
    const urls = [`http://a:b@${attackerHost}/v1`, `http://127.0.0.1:${ownPort}@${attackerHost}/v1`, `http://user@${attackerHost}`]
    for (const url of urls) {
      for (const res of [
        await post('/v2/add_llm_provider', provider('other', { external_url: url })),
        await post('/v2/modify_llm_provider', provider('saved', { external_url: url })),
        await post('/v2/test_llm_provider', provider('saved', { external_url: url, api_key: 'sk-typed-now' })),
        await get('/v2/provider_models', { kind: 'OpenAI', external_url: url }),
        await post('/v2/provider_models', { kind: 'OpenAI', external_url: url, api_key: 'sk-typed-now' })
      ]) {
        expect(res.status, url).toBe(400)
        const body = (await res.json()) as { message: string }
        expect(body.message).toMatch(/^external_url: .*user name or password/)
      }
    }
    expect(attacker.requests).toHaveLength(0)
    const list = (await (await get('/v2/available_llm_providers', {})).json()) as { id: string; external_url: string }[]
    expect(list.map((p) => [p.id, p.external_url])).toEqual([['saved', `${own.url}/v1`]])
  })

  it('a provider that writes its key back (in its reply or its model names) never gets it into an answer or a listing', async () => {
    const key = 'sk-echoed-secret-0987654321'
    const echo = await startFakeLlm(['model-a', `listed-${key}`])
    try {
      echo.behaviour = { type: 'reply', chunks: [`Echo ${key} OK`] }
      expect((await post('/v2/add_llm_provider', provider('echo', { external_url: `${echo.url}/v1`, api_key: key }))).status).toBe(200)
      const answers = [
        await post('/v2/test_llm_provider', provider('echo', { external_url: `${echo.url}/v1` })),
        await post('/v2/check_llm_provider', { llm_provider_id: 'echo' }),
        await get('/v2/available_llm_providers', {}),
        await get('/v2/provider_models', { llm_provider_id: 'echo' })
      ]
      const texts = await Promise.all(answers.map((r) => r.text()))
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200])
      for (const text of texts) expect(text).not.toContain(key)
      expect(texts[0]).toContain('Echo [redacted] OK')
      expect(texts[3]).toContain('listed-[redacted]')
      // It did reach its own server, which is where it belongs.
      expect(credentialsAt(echo)).toContain(`Bearer ${key}`)
    } finally {
      await echo.close()
    }
  })
})
