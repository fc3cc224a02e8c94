import { describe, expect, it } from 'vitest'
import { providerInUse } from '../../src/main/node-api/handlers/providers'
import { provider } from '../support/fixtures'
import { addProvider, createJob, dbFingerprint, expectError, useTestNode } from '../support/node'

const node = useTestNode()

const list = async () => (await node.get('/v2/available_llm_providers')).body as Record<string, unknown>[]

describe('add_llm_provider', () => {
  it('adds a provider and answers the seed success string', async () => {
    const res = await node.post('/v2/add_llm_provider', provider('gpt', { api_key: 'sk-1', external_url: 'https://api.openai.com/v1' }))
    expect(res).toEqual({ status: 200, body: 'Successfully added LLM provider' })
    expect(await list()).toEqual([
      { ...provider('gpt', { external_url: 'https://api.openai.com/v1' }), has_api_key: true, last_check: null }
    ])
  })

  it('keeps a provider without key or URL exactly as given', async () => {
    await addProvider(node, 'local', { model: { Ollama: { model_type: 'llama3.2' } }, perform_locally: true })
    expect(await list()).toEqual([
      {
        ...provider('local', { model: { Ollama: { model_type: 'llama3.2' } }, perform_locally: true }),
        has_api_key: false,
        last_check: null
      }
    ])
  })

  it('answers 409 when the id exists, and keeps the first', async () => {
    await addProvider(node, 'gpt')
    const before = dbFingerprint(node.store)
    const res = await node.post('/v2/add_llm_provider', provider('gpt', { model: { Claude: { model_type: 'x' } } }))
    expectError(res, 409, "id: An LLM provider with id 'gpt' already exists. Choose another id.")
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it.each([
    [{ model: {} }, 'model: expected exactly one provider kind key'],
    [{ model: { OpenAI: { model_type: 'a' }, Ollama: { model_type: 'b' } } }, 'model: expected exactly one provider kind key'],
    [{ model: { Foo: { model_type: 'a' } } }, "model: unknown provider kind 'Foo'"],
    [{ model: { OpenAI: { model_type: '' } } }, 'model.OpenAI.model_type: Enter a model name, e.g. gpt-4o-mini or llama3.2.'],
    [
      { model: { OpenAI: { model_type: 'm'.repeat(256) } } },
      "model.OpenAI.model_type: A model's name can be at most 255 characters; this one has 256."
    ],
    [{ model: 'OpenAI' }, 'model: expected object'],
    [{ id: 'has space' }, 'id: Enter an id: letters, digits, _ and -, up to 64 characters.'],
    [{ id: 'x'.repeat(65) }, 'id: Enter an id: letters, digits, _ and -, up to 64 characters.'],
    [{ external_url: 'ftp://example.com' }, "external_url: Enter the server's address as an http:// or https:// URL"],
    [{ external_url: '/v1' }, "external_url: Enter the server's address as an http:// or https:// URL"],
    // 1 MB was stored, and sent with every call no server takes.
    [{ external_url: `http://127.0.0.1:9/v1?q=${'a'.repeat(8192)}` }, 'external_url: Enter an address of at most 8,192 characters.'],
    [{ perform_locally: 'yes' }, 'perform_locally: expected boolean, got string'],
    [{ toolkit_permissions: 'all' }, 'toolkit_permissions: expected array of strings'],
    [{ allowed_message_senders: [1] }, 'allowed_message_senders: expected array of strings'],
    [{ surprise: true }, 'surprise: unknown field'],
    [{ api_key: 5 }, 'api_key: Enter the API key as text, or leave it out.']
  ])('rejects %j with a 400 naming the field', async (overrides, message) => {
    const res = await node.post('/v2/add_llm_provider', provider('p', overrides))
    expectError(res, 400, message)
    expect(await list()).toEqual([])
  })

  it('takes a model name of 255 characters (an emoji counts as one), the most a name may have', async () => {
    const name = `${'m'.repeat(254)}🦙`
    expect((await node.post('/v2/add_llm_provider', provider('p', { model: { Ollama: { model_type: name } } }))).status).toBe(200)
    expect((await list()).map((p) => (p as { model: unknown }).model)).toEqual([{ Ollama: { model_type: name } }])
  })

  it('takes an address of 8,192 characters (an emoji counts as one), the most one may have', async () => {
    const url = 'http://127.0.0.1:9/v1?route='
    const longest = url + 's'.repeat(8192 - url.length)
    expect((await node.post('/v2/add_llm_provider', provider('p', { external_url: longest }))).status).toBe(200)
    expect((await list()).map((p) => (p as { external_url: unknown }).external_url)).toEqual([longest])
    // Characters as every other length counts them: 8,192, though 8,193 UTF-16 units.
    const withEmoji = `${url}${'s'.repeat(8191 - url.length)}🦙`
    expect((await node.post('/v2/add_llm_provider', provider('q', { external_url: withEmoji }))).status).toBe(200)
    expectError(await node.post('/v2/add_llm_provider', provider('r', { external_url: `${withEmoji}s` })), 400, /at most 8,192 characters/)
  })

  it('rejects a missing required field by name', async () => {
    const body = provider('p')
    delete body.storage_bucket_permissions
    expectError(await node.post('/v2/add_llm_provider', body), 400, 'storage_bucket_permissions: required')
  })

  it('checks full_identity_name: Agent type and full_name derived from its parts', async () => {
    const bad = provider('p')
    ;(bad.full_identity_name as Record<string, string>).full_name = '@@localhost.sep-shinkai/main/agent/other'
    expectError(await node.post('/v2/add_llm_provider', bad), 400, 'full_identity_name.full_name: must equal')
    const device = provider('p')
    ;(device.full_identity_name as Record<string, string>).subidentity_type = 'Device'
    expectError(await node.post('/v2/add_llm_provider', device), 400, 'full_identity_name.subidentity_type: expected "Agent"')
  })

  it.each(['OpenAI', 'Ollama', 'Claude', 'Gemini', 'Groq', 'OpenRouter', 'DeepSeek', 'Grok', 'TogetherAI'])(
    'accepts kind %s',
    async (kind) => {
      await addProvider(node, `p-${kind}`, { model: { [kind]: { model_type: 'm' } } })
      expect((await list()).map((p) => p.model)).toEqual([{ [kind]: { model_type: 'm' } }])
    }
  )
})

describe('modify_llm_provider', () => {
  it('replaces the provider and answers the seed success string', async () => {
    await addProvider(node, 'gpt', { api_key: 'sk-1' })
    const changed = provider('gpt', { model: { OpenAI: { model_type: 'gpt-4.1' } }, toolkit_permissions: ['web'] })
    expect(await node.post('/v2/modify_llm_provider', changed)).toEqual({ status: 200, body: 'Successfully modified LLM provider' })
    expect(await list()).toEqual([{ ...changed, has_api_key: true, last_check: null }])
  })

  it('api_key: absent keeps, null clears, a string replaces', async () => {
    await addProvider(node, 'gpt', { api_key: 'sk-first' })
    const key = () => node.store.secrets.open(node.store.providers.get('gpt')!.api_key!)
    await node.post('/v2/modify_llm_provider', provider('gpt'))
    expect(key()).toBe('sk-first')
    await node.post('/v2/modify_llm_provider', provider('gpt', { api_key: 'sk-second' }))
    expect(key()).toBe('sk-second')
    await node.post('/v2/modify_llm_provider', provider('gpt', { api_key: null }))
    expect(node.store.providers.get('gpt')!.api_key).toBeNull()
    expect((await list())[0]!.has_api_key).toBe(false)
  })

  it('answers 404 for an unknown id and changes nothing', async () => {
    await addProvider(node, 'gpt')
    const before = dbFingerprint(node.store)
    expectError(await node.post('/v2/modify_llm_provider', provider('nope')), 404, "id: no LLM provider with id 'nope'")
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('answers 400 for an invalid body and changes nothing', async () => {
    await addProvider(node, 'gpt')
    const before = dbFingerprint(node.store)
    expectError(
      await node.post('/v2/modify_llm_provider', provider('gpt', { model: {} })),
      400,
      'model: expected exactly one provider kind key'
    )
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('shows the new model as the agent of existing inboxes', async () => {
    await addProvider(node, 'gpt')
    await createJob(node, 'gpt')
    await node.post('/v2/modify_llm_provider', provider('gpt', { model: { OpenAI: { model_type: 'gpt-5' } } }))
    const [inbox] = (await node.get('/v2/all_inboxes')).body as { agent: { model: unknown } }[]
    expect(inbox!.agent.model).toEqual({ OpenAI: { model_type: 'gpt-5' } })
  })
})

describe('available_llm_providers', () => {
  it('lists every provider in creation order, never with an api_key', async () => {
    for (const id of ['c', 'a', 'b']) await addProvider(node, id, { api_key: `sk-${id}` })
    const providers = await list()
    expect(providers.map((p) => p.id)).toEqual(['c', 'a', 'b'])
    for (const p of providers) {
      expect(p).not.toHaveProperty('api_key')
      expect(p.has_api_key).toBe(true)
    }
  })
})

describe('remove_llm_provider', () => {
  it('removes an unused provider', async () => {
    await addProvider(node, 'gpt')
    expect(await node.post('/v2/remove_llm_provider', { llm_provider_id: 'gpt' })).toEqual({
      status: 200,
      body: 'Successfully removed LLM provider'
    })
    expect(await list()).toEqual([])
  })

  it('answers 404 for an unknown provider', async () => {
    expectError(await node.post('/v2/remove_llm_provider', { llm_provider_id: 'nope' }), 404, "no LLM provider with id 'nope'")
  })

  it('answers 409 with the number of jobs that still use it', async () => {
    await addProvider(node, 'gpt')
    await createJob(node, 'gpt')
    await createJob(node, 'gpt')
    const before = dbFingerprint(node.store)
    const res = await node.post('/v2/remove_llm_provider', { llm_provider_id: 'gpt' })
    expectError(res, 409, 'is used by 2 jobs')
    expect((res.body as { message: string }).message).toBe(
      "llm_provider_id: LLM provider 'gpt' is used by 2 jobs; switch them to another provider or delete them first."
    )
    expect(dbFingerprint(node.store)).toBe(before)
    // The count as people write it: the window shows this sentence as it is.
    expect(providerInUse('gpt', 1499)).toBe(
      "LLM provider 'gpt' is used by 1,499 jobs; switch them to another provider or delete them first."
    )
    expect(providerInUse('gpt', 1)).toBe("LLM provider 'gpt' is used by 1 job; switch it to another provider or delete it first.")
  })

  it('answers 400 without llm_provider_id', async () => {
    expectError(await node.post('/v2/remove_llm_provider', {}), 400, 'llm_provider_id: required')
  })
})

describe('provider_usage (beyond the contract: what a removal would meet, asked before it)', () => {
  it('counts every job that uses the provider, hidden ones too, and names the newest five', async () => {
    await addProvider(node, 'gpt')
    await addProvider(node, 'other')
    expect((await node.get('/v2/provider_usage', { llm_provider_id: 'gpt' })).body).toEqual({ jobs: 0, recent: [] })

    const jobs: string[] = []
    for (let i = 0; i < 7; i++) jobs.push(await createJob(node, 'gpt'))
    await createJob(node, 'other')
    expect((await node.post('/v2/update_job_hidden', { job_id: jobs[5], is_hidden: true })).status).toBe(200)
    const renamed = `job_inbox::${jobs[5]}::false`
    expect((await node.post('/v2/update_smart_inbox_name', { inbox_name: renamed, custom_name: 'Lease questions' })).status).toBe(200)
    // Named newest first, however recently each was used: read in the provider index's order, not sorted.
    expect((await node.post('/v2/job_message', { job_id: jobs[0], content: 'Hello' })).status).toBe(200)

    const before = dbFingerprint(node.store)
    const res = await node.get('/v2/provider_usage', { llm_provider_id: 'gpt' })
    expect(res.status).toBe(200)
    const usage = res.body as { jobs: number; recent: { inbox_id: string; custom_name: string; is_hidden: boolean }[] }
    expect(usage.jobs).toBe(7)
    expect(usage.recent).toHaveLength(5)
    expect(usage.recent.map((r) => r.inbox_id)).toEqual(
      jobs
        .slice(2)
        .reverse()
        .map((j) => `job_inbox::${j}::false`)
    )
    expect(usage.recent[1]).toEqual({ inbox_id: renamed, custom_name: 'Lease questions', is_hidden: true })
    expect(usage.recent[0]!.is_hidden).toBe(false)
    expect(dbFingerprint(node.store)).toBe(before)
    // The same count the removal refuses with.
    expectError(await node.post('/v2/remove_llm_provider', { llm_provider_id: 'gpt' }), 409, 'is used by 7 jobs')
  })

  it('answers 404 for an unknown provider and 400 without an id', async () => {
    expectError(await node.get('/v2/provider_usage', { llm_provider_id: 'nope' }), 404, "llm_provider_id: no LLM provider with id 'nope'")
    expectError(await node.get('/v2/provider_usage'), 400, 'llm_provider_id')
  })
})
