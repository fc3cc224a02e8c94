import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { provider } from '../support/fixtures'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { recordEvents } from '../support/answers'
import { groupByServer, providersForModels } from '../../src/shared/provider-servers'
import { LlmProviderSchema } from '../../src/shared/contract/provider'
import { NODE } from '../support/fixtures'
import { addProvider, dbFingerprint, expectError, useTestNode } from '../support/node'

const KEY = 'sk-batch-SECRET-4242'
let fake: FakeLlm
beforeEach(async () => {
  fake = await startFakeLlm()
})
afterEach(() => fake.close())
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 2500, idleMs: 2000 } } })

type Listed = Record<string, unknown> & {
  id: string
  has_api_key: boolean
  last_check: { ok: boolean; message: string; at: string } | null
}
const list = async () => (await node.get('/v2/available_llm_providers')).body as Listed[]
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** One provider per model of one server, as the wizard's model step sends them. */
const models = (ids: string[], extra: Record<string, unknown> = {}) =>
  ids.map((m) => provider(`srv-${m}`, { model: { OpenAI: { model_type: m } }, external_url: fake.url, name: `Server ${m}`, ...extra }))

describe('name and description', () => {
  it('are stored and listed as given, on add and modify', async () => {
    await addProvider(node, 'named', { name: 'My laptop · Llama 3 🚀', description: 'The big one.\nSecond line.' })
    expect((await list())[0]).toMatchObject({ id: 'named', name: 'My laptop · Llama 3 🚀', description: 'The big one.\nSecond line.' })
    await node.post('/v2/modify_llm_provider', provider('named', { name: 'Renamed', description: '' }))
    expect((await list())[0]).toMatchObject({ name: 'Renamed', description: '' })
    await node.post('/v2/modify_llm_provider', provider('named'))
    expect((await list())[0]).not.toHaveProperty('name')
  })

  it('a name over 100 characters or a description over 1000 is a 400 naming the field', async () => {
    expectError(await node.post('/v2/add_llm_provider', provider('p', { name: 'n'.repeat(101) })), 400, 'name: ')
    expectError(await node.post('/v2/add_llm_provider', provider('p', { description: 'd'.repeat(1001) })), 400, 'description: ')
    expect(await list()).toEqual([])
  })
})

describe('add_llm_providers', () => {
  it('adds every provider, in order, with shared URL and key, and tells clients', async () => {
    const events = recordEvents(node)
    const res = await node.post('/v2/add_llm_providers', { providers: models(['a', 'b', 'c'], { api_key: KEY }) })
    expect(res).toEqual({ status: 200, body: 'Successfully added LLM providers' })
    const listed = await list()
    expect(listed.map((p) => [p.id, p.name, p.has_api_key, p.last_check])).toEqual([
      ['srv-a', 'Server a', true, null],
      ['srv-b', 'Server b', true, null],
      ['srv-c', 'Server c', true, null]
    ])
    expect(JSON.stringify(listed)).not.toContain(KEY)
    expect(node.store.secrets.open(node.store.providers.get('srv-c')!.api_key!)).toBe(KEY)
    expect(events.filter((e) => e.type === 'provider_changed').map((e) => e.data.id)).toEqual(['srv-a', 'srv-b', 'srv-c'])
  })

  it('400 names the index and field, and adds nothing', async () => {
    const batch = models(['a', 'b', 'c'])
    batch[2]!.id = 'has space'
    const before = dbFingerprint(node.store)
    const res = await node.post('/v2/add_llm_providers', { providers: batch })
    expectError(res, 400, 'providers[2].id: Enter an id: letters, digits, _ and -, up to 64 characters.')
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('400 for an id given twice in one request, naming the second', async () => {
    const batch = models(['a', 'b'])
    batch[1]!.id = 'srv-a'
    ;(batch[1]!.full_identity_name as Record<string, string>).subidentity_name = 'srv-a'
    ;(batch[1]!.full_identity_name as Record<string, string>).full_name = '@@localhost.sep-shinkai/main/agent/srv-a'
    expectError(
      await node.post('/v2/add_llm_providers', { providers: batch }),
      400,
      "providers[1].id: The id 'srv-a' is also given to providers[0]."
    )
    expect(await list()).toEqual([])
  })

  it('400 for an empty list, more than 100, or no list', async () => {
    expectError(await node.post('/v2/add_llm_providers', { providers: [] }), 400, 'providers: Send 1 to 100 providers in a list.')
    const many = Array.from({ length: 101 }, (_, i) => provider(`p${i}`))
    expectError(await node.post('/v2/add_llm_providers', { providers: many }), 400, 'providers: Send 1 to 100 providers in a list.')
    expectError(await node.post('/v2/add_llm_providers', {}), 400, 'providers: ')
    expectError(await node.post('/v2/add_llm_providers', provider('x')), 400)
    expect(await list()).toEqual([])
  })

  it("the server's listed models, added in one call, come back as one server", async () => {
    const listed = (await node.get('/v2/provider_models', { kind: 'OpenAI', external_url: fake.url })).body as { models: { id: string }[] }
    await addProvider(node, 'laptop-model-a') // an id in use is avoided
    const providers = providersForModels({
      kind: 'OpenAI',
      externalUrl: fake.url,
      apiKey: KEY,
      name: 'Laptop',
      models: listed.models.map((m) => m.id),
      nodeName: NODE,
      profileName: 'main',
      taken: new Set((await list()).map((p) => p.id))
    })
    expect((await node.post('/v2/add_llm_providers', { providers })).status).toBe(200)
    const servers = groupByServer((await list()).map((p) => LlmProviderSchema.omit({ api_key: true }).passthrough().parse(p)))
    expect(servers.map((s) => [s.baseUrl, s.providers.map((p) => p.id)])).toEqual([
      ['https://api.openai.com/v1', ['laptop-model-a']],
      [`${fake.url}/v1`, ['laptop-model-a-2', 'laptop-model-b']]
    ])
  })

  it('100 providers in one call are fine', async () => {
    const many = Array.from({ length: 100 }, (_, i) => provider(`p${i}`))
    expect((await node.post('/v2/add_llm_providers', { providers: many })).status).toBe(200)
    expect(await list()).toHaveLength(100)
  })

  it('409 names the first id that exists, and adds none of them', async () => {
    await addProvider(node, 'srv-b')
    await addProvider(node, 'srv-c')
    const before = dbFingerprint(node.store)
    const res = await node.post('/v2/add_llm_providers', { providers: models(['a', 'b', 'c']) })
    expectError(res, 409, "providers[1].id: An LLM provider with id 'srv-b' already exists")
    expect((res.body as { message: string }).message).not.toContain('srv-c')
    expect(dbFingerprint(node.store)).toBe(before)
    expect((await list()).map((p) => p.id)).toEqual(['srv-b', 'srv-c'])
  })
})

describe('check_llm_provider and last_check', () => {
  it('checks the stored provider exactly as stored, keeps the result, and lists it', async () => {
    await addProvider(node, 'p', { external_url: fake.url, api_key: KEY, model: { OpenAI: { model_type: 'model-a' } } })
    expect((await list())[0]!.last_check).toBeNull() // never checked
    fake.behaviour = { type: 'reply', chunks: ['OK'] }
    const events = recordEvents(node)
    const res = await node.post('/v2/check_llm_provider', { llm_provider_id: 'p' })
    expect(res).toEqual({
      status: 200,
      body: { status: 'success', message: `The OpenAI-compatible server at ${fake.url}/v1 answered with model 'model-a': "OK"` }
    })
    const [call] = fake.requests
    expect(call!.path).toBe('/v1/chat/completions')
    expect(call!.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(call!.body!.model).toBe('model-a')
    const [listed] = await list()
    expect(listed!.last_check).toEqual({
      ok: true,
      message: (res.body as { message: string }).message,
      at: expect.stringMatching(TIMESTAMP)
    })
    expect(events.some((e) => e.type === 'provider_changed')).toBe(true)
  })

  it('a failing check answers 502 with the reason (never the key) and keeps ok: false; a later pass replaces it', async () => {
    await addProvider(node, 'p', { external_url: fake.url, api_key: KEY })
    fake.behaviour = { type: 'status', status: 401, body: { error: { message: `bad key ${KEY}` } } }
    const res = await node.post('/v2/check_llm_provider', { llm_provider_id: 'p' })
    expectError(res, 502, 'rejected the API key (HTTP 401: "bad key [redacted]")')
    const failed = (await list())[0]!.last_check!
    expect(failed).toEqual({ ok: false, message: (res.body as { message: string }).message, at: expect.stringMatching(TIMESTAMP) })
    expect(JSON.stringify(await list())).not.toContain(KEY)
    fake.behaviour = { type: 'reply', chunks: ['OK'] }
    expect((await node.post('/v2/check_llm_provider', { llm_provider_id: 'p' })).status).toBe(200)
    const passed = (await list())[0]!.last_check!
    expect(passed.ok).toBe(true)
    expect(passed.at > failed.at).toBe(true)
  })

  it('504 on time-out, kept as a failed check', async () => {
    await addProvider(node, 'p', { external_url: fake.url })
    fake.behaviour = { type: 'hang' }
    expectError(await node.post('/v2/check_llm_provider', { llm_provider_id: 'p' }), 504, 'did not answer within')
    expect((await list())[0]!.last_check).toMatchObject({ ok: false, message: expect.stringContaining('did not answer within') })
  })

  it('an unreachable server is a failed check (502)', async () => {
    await addProvider(node, 'p', { external_url: fake.url })
    await fake.close()
    expectError(await node.post('/v2/check_llm_provider', { llm_provider_id: 'p' }), 502, 'Could not reach the OpenAI-compatible server')
    expect((await list())[0]!.last_check!.ok).toBe(false)
    fake = await startFakeLlm() // for afterEach
  })

  it('a hosted kind with no key fails its check without calling anyone', async () => {
    await addProvider(node, 'claude', { model: { Claude: { model_type: 'c' } } })
    expectError(await node.post('/v2/check_llm_provider', { llm_provider_id: 'claude' }), 502, 'Anthropic Claude needs an API key.')
    expect((await list())[0]!.last_check!.ok).toBe(false)
    expect(fake.requests).toEqual([])
  })

  it('404 for an unknown id, 400 without one; nothing changes', async () => {
    await addProvider(node, 'p', { external_url: fake.url })
    const before = dbFingerprint(node.store)
    expectError(
      await node.post('/v2/check_llm_provider', { llm_provider_id: 'ghost' }),
      404,
      "llm_provider_id: no LLM provider with id 'ghost'"
    )
    expectError(await node.post('/v2/check_llm_provider', {}), 400, 'llm_provider_id: ')
    expect(dbFingerprint(node.store)).toBe(before)
    expect(fake.requests).toEqual([])
  })

  it('test_llm_provider with a body equal to a stored provider updates its last_check; other bodies do not', async () => {
    const body = provider('p', { external_url: fake.url, api_key: KEY })
    await node.post('/v2/add_llm_provider', body)
    fake.behaviour = { type: 'status', status: 500, body: { error: 'down' } }
    // Other settings (another model): not this provider's check.
    await node.post('/v2/test_llm_provider', { ...body, model: { OpenAI: { model_type: 'other' } } })
    expect((await list())[0]!.last_check).toBeNull()
    // Another key: not this provider's check either.
    await node.post('/v2/test_llm_provider', { ...body, api_key: 'sk-other' })
    expect((await list())[0]!.last_check).toBeNull()
    // The same settings, key absent (the stored one is used), keys in another order.
    const { api_key: _k, ...withoutKey } = body
    const reordered = Object.fromEntries(Object.entries(withoutKey).reverse())
    await node.post('/v2/test_llm_provider', reordered)
    expect((await list())[0]!.last_check).toMatchObject({ ok: false, message: expect.stringContaining('failed (HTTP 500: "down")') })
    fake.behaviour = { type: 'reply', chunks: ['OK'] }
    await node.post('/v2/test_llm_provider', body) // the same key given again
    expect((await list())[0]!.last_check!.ok).toBe(true)
  })

  it('"Save without a working test": a failed test of exactly the saved settings is the new provider\'s check (ok: false)', async () => {
    const body = provider('p', { external_url: fake.url, api_key: KEY })
    fake.behaviour = { type: 'status', status: 503, body: { error: 'loading model' } }
    expectError(await node.post('/v2/test_llm_provider', body), 502, 'loading model')
    await node.post('/v2/add_llm_provider', body)
    expect((await list())[0]!.last_check).toMatchObject({ ok: false, message: expect.stringContaining('loading model') })
    // The same for add_llm_providers, model by model; an untested model stays "never checked".
    const [tested, untested] = models(['x', 'y'])
    await node.post('/v2/test_llm_provider', tested)
    await node.post('/v2/add_llm_providers', { providers: [tested, untested] })
    const byId = Object.fromEntries((await list()).map((p) => [p.id, p.last_check]))
    expect(byId['srv-x']).toMatchObject({ ok: false })
    expect(byId['srv-y']).toBeNull()
  })

  it('an edit that changes the settings drops the old result; an edit tested first keeps its test', async () => {
    const body = provider('p', { external_url: fake.url })
    await node.post('/v2/add_llm_provider', body)
    await node.post('/v2/check_llm_provider', { llm_provider_id: 'p' })
    expect((await list())[0]!.last_check!.ok).toBe(true)
    await node.post('/v2/modify_llm_provider', body) // nothing changed
    expect((await list())[0]!.last_check!.ok).toBe(true)
    await node.post('/v2/modify_llm_provider', { ...body, model: { OpenAI: { model_type: 'other' } } })
    expect((await list())[0]!.last_check).toBeNull()
    const edited = { ...body, model: { OpenAI: { model_type: 'third' } } }
    fake.behaviour = { type: 'status', status: 404, body: { error: 'no such model' } }
    await node.post('/v2/test_llm_provider', edited)
    await node.post('/v2/modify_llm_provider', edited)
    expect((await list())[0]!.last_check).toMatchObject({ ok: false, message: expect.stringContaining("has no model 'third'") })
  })

  it('edited away and back: the provider starts from its latest check, not from an older test of the same settings', async () => {
    const body = provider('p', { external_url: fake.url, api_key: KEY })
    fake.behaviour = { type: 'status', status: 500, body: { error: 'warming up' } }
    await node.post('/v2/test_llm_provider', body) // the wizard's test: failed
    await node.post('/v2/add_llm_provider', body)
    expect((await list())[0]!.last_check!.ok).toBe(false)
    fake.behaviour = { type: 'reply', chunks: ['OK'] }
    await node.post('/v2/check_llm_provider', { llm_provider_id: 'p' }) // later: works
    expect((await list())[0]!.last_check!.ok).toBe(true)
    await node.post('/v2/modify_llm_provider', { ...body, model: { OpenAI: { model_type: 'other' } } })
    expect((await list())[0]!.last_check).toBeNull()
    await node.post('/v2/modify_llm_provider', body) // back to the settings checked
    expect((await list())[0]!.last_check).toMatchObject({ ok: true })
  })

  it('a test that ends after a newer one (the window stopped waiting for it) does not replace the newer result', async () => {
    const body = provider('p', { external_url: fake.url, api_key: KEY })
    await node.post('/v2/add_llm_provider', body)
    // The wizard's test of these settings hangs; the operator cancels it, and the next attempts answer.
    fake.queue = [{ type: 'hang' }]
    fake.behaviour = { type: 'reply', chunks: ['OK'] }
    const abandoned = node.post('/v2/test_llm_provider', body)
    await expect.poll(() => fake.concurrency.now).toBe(1)
    expect((await node.post('/v2/check_llm_provider', { llm_provider_id: 'p' })).status).toBe(200)
    expect((await list())[0]!.last_check).toMatchObject({ ok: true })
    // The abandoned test times out at the node afterwards (2.5 s here): the check that worked stays.
    expect((await abandoned).status).toBe(504)
    expect((await list())[0]!.last_check).toMatchObject({ ok: true })
    // Nor does it replace the remembered result of these settings: saved back to them, the provider starts from the check that worked.
    await node.post('/v2/modify_llm_provider', { ...body, model: { OpenAI: { model_type: 'other' } } })
    await node.post('/v2/modify_llm_provider', body)
    expect((await list())[0]!.last_check).toMatchObject({ ok: true })
  })

  it('the stored key goes only to the stored URL: check calls the provider where it is stored', async () => {
    const elsewhere = await startFakeLlm()
    try {
      await addProvider(node, 'p', { external_url: fake.url, api_key: KEY })
      // Moving the stored key elsewhere is refused (a stored key is sent only to its own URL) ...
      const moved = await node.post('/v2/modify_llm_provider', provider('p', { external_url: elsewhere.url }))
      expect(moved.status).toBe(400)
      // ... so a check still calls the stored URL, with the stored key, and nothing else.
      expect((await node.post('/v2/check_llm_provider', { llm_provider_id: 'p' })).status).toBe(200)
      expect(fake.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${KEY}`])
      expect(elsewhere.requests).toEqual([])
    } finally {
      await elsewhere.close()
    }
  })
})
