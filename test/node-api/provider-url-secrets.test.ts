import { describe, expect, it } from 'vitest'
import type { NodeEvent } from '../../src/shared/contract/events'
import type { ProviderListEntry } from '../../src/shared/contract/provider'
import { waitForAnswers } from '../support/answers'
import { provider } from '../support/fixtures'
import { startFakeLlm } from '../support/fake-llm'
import { addProvider, createJob, dbFingerprint, expectError, useFakeLlm, useTestNode } from '../support/node'

/*
 * A key written into a provider's address (`?key=`, `?sig=`, an Azure Function's `?code=`) is a
 * secret like its api_key: it goes to that provider on every call, and nowhere else. The node lists
 * such an address with the value hidden; the window sends the listed address back when it saves,
 * tests or lists models, and the hidden value then stands for the stored one, at the provider's own
 * address only. Before, available_llm_providers (and so the window) had the key as typed.
 */
const SECRET = 'proxy-secret-42'
const SIG = 'a%2Bb%3Dc%2Fsigned'
const QUERY = `api-version=2024-10-21&key=${SECRET}&sig=${SIG}`
const LISTED_QUERY = 'api-version=2024-10-21&key=********&sig=********'

const fake = useFakeLlm(['model-a'])
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 } } })

const settings = (url = `${fake.url}/v1?${QUERY}`) => ({
  model: { OpenAI: { model_type: 'model-a' } },
  external_url: url,
  api_key: 'sk-test'
})
const listed = async () => (await node.get('/v2/available_llm_providers')).body as ProviderListEntry[]
const listedOne = async (id: string) => (await listed()).find((p) => p.id === id)!
/** The provider as the window edits it: the listed entry, without what only the listing has. */
const asEdited = (p: ProviderListEntry) => {
  const { has_api_key: _h, key_unreadable: _k, last_check: _c, ...body } = p
  return body
}
const queriesSent = () => fake.requests.map((r) => new URL(r.path, 'http://x').searchParams)
const storedUrl = (id: string) => (JSON.parse(node.store.providers.get(id)!.provider_json) as { external_url: string }).external_url

describe('available_llm_providers', () => {
  it('hides the values of credentials in the address and keeps every other character as stored', async () => {
    await addProvider(node, 'gw', settings(`${fake.url}/v1?${QUERY}#frag`))
    const entry = await listedOne('gw')
    expect(entry.external_url).toBe(`${fake.url}/v1?${LISTED_QUERY}#frag`)
    const text = JSON.stringify((await node.get('/v2/available_llm_providers')).body)
    expect(text).not.toContain(SECRET)
    expect(text).not.toContain(SIG)
  })

  it('hides them whatever the case or spelling of the name', async () => {
    const q = 'API-KEY=s1&Code=s2&X-Amz-Signature=s3&x-goog-api-key=s4&subscription-key=s5&access_token=s6&apiKey=s7&deployment=gpt&key='
    await addProvider(node, 'names', settings(`${fake.url}/v1?${q}`))
    expect((await listedOne('names')).external_url).toBe(
      `${fake.url}/v1?API-KEY=********&Code=********&X-Amz-Signature=********&x-goog-api-key=********&subscription-key=********&access_token=********&apiKey=********&deployment=gpt&key=`
    )
  })

  it('lists a provider without credentials in its address exactly as it was added', async () => {
    const body = provider('azure', settings(`${fake.url}/openai/v1?api-version=2024-10-21&note=a%20b~c`))
    await node.post('/v2/add_llm_provider', body)
    const { api_key: _key, ...expected } = body
    expect(asEdited(await listedOne('azure'))).toStrictEqual(expected)
    const text = JSON.stringify((await node.get('/v2/available_llm_providers')).body)
    expect(text).toContain(JSON.stringify(expected).slice(0, -1))
  })
})

describe('the listed address sent back', () => {
  it('saves, tests, checks, lists models and answers with the stored secret, which never leaves otherwise', async () => {
    const events: NodeEvent[] = []
    node.ctx.bus.subscribe((e) => void events.push(e))
    await addProvider(node, 'gw', settings())
    const edited = { ...asEdited(await listedOne('gw')), name: 'Gateway' }
    expect(edited.external_url).toBe(`${fake.url}/v1?${LISTED_QUERY}`)

    const tested = await node.post('/v2/test_llm_provider', edited)
    expect(tested.status, JSON.stringify(tested.body)).toBe(200)
    const saved = await node.post('/v2/modify_llm_provider', edited)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(storedUrl('gw')).toBe(`${fake.url}/v1?${QUERY}`)
    // The test of exactly these settings became the saved provider's check.
    expect((await listedOne('gw')).last_check?.ok).toBe(true)

    expect((await node.post('/v2/check_llm_provider', { llm_provider_id: 'gw' })).status).toBe(200)
    const byGet = await node.get('/v2/provider_models', { llm_provider_id: 'gw', external_url: edited.external_url! })
    expect(byGet.status, JSON.stringify(byGet.body)).toBe(200)
    const byPost = await node.post('/v2/provider_models', { llm_provider_id: 'gw', kind: 'OpenAI', external_url: edited.external_url! })
    expect(byPost.status, JSON.stringify(byPost.body)).toBe(200)
    const jobId = await createJob(node, 'gw')
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hi' })
    const [, answer] = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1)
    expect(answer!.job_message.error ?? false).toBe(false)

    // test, check, chat (POST) and both listings (GET): each went out with the secret itself.
    expect(fake.requests.filter((r) => r.method === 'POST').length).toBeGreaterThanOrEqual(3)
    expect(fake.requests.filter((r) => r.method === 'GET').length).toBe(2)
    for (const q of queriesSent()) {
      expect(q.get('key')).toBe(SECRET)
      expect(q.get('sig')).toBe(decodeURIComponent(SIG))
      expect(q.get('api-version')).toBe('2024-10-21')
    }
    const seen = [JSON.stringify(events), JSON.stringify(await listed()), JSON.stringify(answer), node.log.lines.join('\n')].join('\n')
    expect(seen).not.toContain(SECRET)
    expect(seen).not.toContain(SIG)
  })

  it('keeps the stored values when only another parameter changed (a new api-version)', async () => {
    await addProvider(node, 'gw', settings())
    const edited = asEdited(await listedOne('gw'))
    const moved = { ...edited, external_url: edited.external_url!.replace('2024-10-21', '2025-01-01') }
    expect((await node.post('/v2/modify_llm_provider', moved)).status).toBe(200)
    expect(storedUrl('gw')).toBe(`${fake.url}/v1?api-version=2025-01-01&key=${SECRET}&sig=${SIG}`)
  })

  it('a new value typed in place of the placeholder replaces the stored one', async () => {
    await addProvider(node, 'gw', settings())
    const edited = asEdited(await listedOne('gw'))
    const url = edited.external_url!.replace('key=********', 'key=new-secret')
    expect((await node.post('/v2/modify_llm_provider', { ...edited, external_url: url })).status).toBe(200)
    expect(storedUrl('gw')).toBe(`${fake.url}/v1?api-version=2024-10-21&key=new-secret&sig=${SIG}`)
  })

  it('to another host or path: 400 on external_url, nothing stored and nothing sent there', async () => {
    const other = await startFakeLlm(['model-a'])
    try {
      await addProvider(node, 'gw', settings())
      const edited = asEdited(await listedOne('gw'))
      const before = dbFingerprint(node.store)
      const elsewhere = [`${other.url}/v1?${LISTED_QUERY}`, `${fake.url}/other/v1?${LISTED_QUERY}`]
      for (const url of elsewhere) {
        const body = { ...edited, external_url: url }
        const hint = /belongs to provider 'gw' at http:\/\/127\.0\.0\.1:\d+\/v1 and is sent there only/
        expectError(await node.post('/v2/modify_llm_provider', body), 400, /^external_url: The hidden value of 'key', 'sig'/)
        expectError(await node.post('/v2/modify_llm_provider', { ...body, api_key: 'sk-new' }), 400, hint)
        expectError(await node.post('/v2/test_llm_provider', body), 400, hint)
        expectError(await node.get('/v2/provider_models', { llm_provider_id: 'gw', external_url: url }), 400, hint)
        expectError(await node.post('/v2/provider_models', { llm_provider_id: 'gw', external_url: url, api_key: 'sk-new' }), 400, hint)
      }
      expect(dbFingerprint(node.store)).toBe(before)
      expect(other.requests).toEqual([])
      expect(fake.requests).toEqual([])
    } finally {
      await other.close()
    }
  })

  it('exactly as listed but under another kind whose API base differs: 400 on external_url, nothing sent', async () => {
    // With no path, OpenAI's base is /v1 and Gemini's /v1beta: the same text is another address.
    await addProvider(node, 'gw', settings(`${fake.url}?${QUERY}`))
    const edited = asEdited(await listedOne('gw'))
    const before = dbFingerprint(node.store)
    const body = { ...edited, model: { Gemini: { model_type: 'model-a' } }, api_key: 'sk-new' }
    const hint =
      /^external_url: The hidden value of 'key', 'sig' .*belongs to provider 'gw' at http:\/\/127\.0\.0\.1:\d+\/v1 and is sent there only/
    expectError(await node.post('/v2/modify_llm_provider', body), 400, hint)
    expectError(await node.post('/v2/test_llm_provider', body), 400, hint)
    expectError(
      await node.get('/v2/provider_models', { llm_provider_id: 'gw', kind: 'Gemini', external_url: edited.external_url! }),
      400,
      hint
    )
    expect(dbFingerprint(node.store)).toBe(before)
    expect(fake.requests).toEqual([])
  })

  it('with no stored value to stand for: 400 on external_url, nothing sent', async () => {
    await addProvider(node, 'plain', settings(`${fake.url}/v1`))
    const url = `${fake.url}/v1?key=********`
    const message = /external_url: The address holds \*{8} as the value of 'key'.*Type the value itself in its place\./
    expectError(await node.post('/v2/add_llm_provider', provider('new', settings(url))), 400, message)
    const batch = { providers: [provider('n1', settings()), provider('n2', settings(url))] }
    expectError(await node.post('/v2/add_llm_providers', batch), 400, /^providers\[1\]\.external_url: /)
    const noneStored = /^external_url: Provider 'plain' has no stored value of 'key' for \*{8} to stand for\. Type the value itself/
    expectError(await node.post('/v2/modify_llm_provider', provider('plain', settings(url))), 400, noneStored)
    expectError(await node.post('/v2/test_llm_provider', provider('unknown', settings(url))), 400, message)
    expectError(await node.get('/v2/provider_models', { kind: 'OpenAI', external_url: url }), 400, message)
    expectError(await node.post('/v2/modify_llm_provider', provider('plain', settings(`${fake.url}/v1?Code=********`))), 400, "'Code'")
    expect((await listed()).map((p) => p.id)).toEqual(['plain'])
    expect(fake.requests).toEqual([])
  })
})
