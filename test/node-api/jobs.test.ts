import { describe, expect, it } from 'vitest'
import { createJobBody, emptyScopeBody, fullScope, provider } from '../support/fixtures'
import { addProvider, createJob, dbFingerprint, expectError, useTestNode } from '../support/node'

const node = useTestNode({
  setup: async (n) => {
    await addProvider(n, 'gpt')
    await addProvider(n, 'claude', { model: { Claude: { model_type: 'claude-sonnet-4' } } })
  }
})

type Inbox = Record<string, unknown> & { inbox_id: string; agent: { id: string } }
const inboxes = async (query?: Record<string, string>) => (await node.get('/v2/all_inboxes', query)).body as Inbox[]

describe('create_job', () => {
  it('answers {job_id: "jobid_<uuid v4>"} and makes the inbox job_inbox::<job_id>::false', async () => {
    const res = await node.post('/v2/create_job', createJobBody('gpt'))
    expect(res.status).toBe(200)
    const jobId = (res.body as { job_id: string }).job_id
    expect(Object.keys(res.body as object)).toEqual(['job_id'])
    expect(jobId).toMatch(/^jobid_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const [inbox] = await inboxes()
    expect(inbox!.inbox_id).toBe(`job_inbox::${jobId}::false`)
  })

  it('gives a new inbox the contract defaults', async () => {
    await createJob(node, 'gpt', fullScope())
    const [inbox] = await inboxes()
    expect(inbox).toMatchObject({
      is_finished: false,
      last_message: null,
      agent: {
        id: 'gpt',
        model: { OpenAI: { model_type: 'gpt-4o-mini' } },
        full_identity_name: provider('gpt').full_identity_name
      },
      job_config: { custom_prompt: '', temperature: 0.7, seed: 0, top_k: 40, top_p: 0.9, stream: true, other_model_params: null },
      job_scope: fullScope()
    })
    expect(inbox).toHaveProperty('last_message', null)
    expect(inbox!.custom_name).not.toBe(inbox!.inbox_id)
    expect(inbox!.custom_name).toMatch(/\S/)
    expect(inbox!.datetime_created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  })

  it("a new inbox is named after its provider as the operator named it, else after the provider's id", async () => {
    await addProvider(node, 'named', { name: '  Work laptop GPT ' })
    const named = await createJob(node, 'named')
    const unnamed = await createJob(node, 'gpt')
    const nameOf = async (jobId: string) =>
      ((await node.get(`/v2/get_inbox?inbox_name=job_inbox::${jobId}::false`)).body as { custom_name: string }).custom_name
    expect(await nameOf(named)).toBe('New job with Work laptop GPT')
    expect(await nameOf(unnamed)).toBe('New job with gpt')
  })

  it('accepts associated_ui {Sheet} and absent or null, and is_hidden absent', async () => {
    for (const info of [
      { scope: emptyScopeBody(), associated_ui: { Sheet: 'sheet-1' }, is_hidden: true },
      { scope: emptyScopeBody(), associated_ui: null },
      { scope: emptyScopeBody() }
    ]) {
      expect((await node.post('/v2/create_job', { llm_provider: 'gpt', job_creation_info: info })).status).toBe(200)
    }
  })

  it('answers 404 when llm_provider names no provider, and creates nothing', async () => {
    const before = dbFingerprint(node.store)
    expectError(await node.post('/v2/create_job', createJobBody('nope')), 404, "llm_provider: no LLM provider with id 'nope'")
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it.each([
    [{ llm_provider: 'gpt' }, 'job_creation_info: required'],
    [{ llm_provider: 'gpt', job_creation_info: {} }, 'job_creation_info.scope: required'],
    [createJobBody('gpt', { ...emptyScopeBody(), local_vrkai: undefined }), 'job_creation_info.scope.local_vrkai: required'],
    [
      createJobBody('gpt', {
        ...emptyScopeBody(),
        vector_fs_items: [
          ...fullScope().vector_fs_items,
          ...fullScope().vector_fs_items,
          { name: 'x', path: { path_ids: 'a/b' }, source: fullScope().vector_fs_items[0]!.source }
        ]
      }),
      'job_creation_info.scope.vector_fs_items[2].path.path_ids: expected array of strings'
    ],
    [createJobBody('gpt', emptyScopeBody(), { associated_ui: { Sheet: 3 } }), 'job_creation_info.associated_ui.Sheet: expected string'],
    [createJobBody('gpt', emptyScopeBody(), { is_hidden: 'no' }), 'job_creation_info.is_hidden: expected boolean'],
    [{ ...createJobBody('gpt'), extra: 1 }, 'extra: unknown field'],
    [{ ...createJobBody('gpt'), llm_provider: 7 }, 'llm_provider: expected string']
  ])('answers 400 naming the field (%#)', async (body, message) => {
    const before = dbFingerprint(node.store)
    expectError(await node.post('/v2/create_job', body), 400, message)
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('type-checks nested DocumentResource fields', async () => {
    const scope = fullScope()
    ;(scope.local_vrkai[0]!.vrkai.resource.Document as Record<string, unknown>).node_count = 'two'
    expectError(
      await node.post('/v2/create_job', createJobBody('gpt', scope)),
      400,
      'job_creation_info.scope.local_vrkai[0].vrkai.resource.Document.node_count: expected number'
    )
  })
})

describe('get_job_scope', () => {
  it('returns the stored scope deep-equal', async () => {
    const jobId = await createJob(node, 'gpt', fullScope())
    const res = await node.get('/v2/get_job_scope', { job_id: jobId })
    expect(res).toEqual({ status: 200, body: fullScope() })
  })

  it('takes job_id in the query string too', async () => {
    const jobId = await createJob(node, 'gpt')
    expect((await node.router.handle({ method: 'GET', path: `/v2/get_job_scope?job_id=${jobId}` })).body).toEqual(emptyScopeBody())
  })

  it('answers 400 without job_id and 404 for an unknown job', async () => {
    expectError(await node.get('/v2/get_job_scope'), 400, 'job_id: required')
    expectError(await node.get('/v2/get_job_scope', { job_id: 'jobid_nope' }), 404, "job_id: no job with id 'jobid_nope'")
  })
})

describe('update_job_scope', () => {
  it('replaces the scope', async () => {
    const jobId = await createJob(node, 'gpt')
    expect(await node.post('/v2/update_job_scope', { job_id: jobId, job_scope: fullScope() })).toEqual({
      status: 200,
      body: 'Successfully updated job scope'
    })
    expect((await node.get('/v2/get_job_scope', { job_id: jobId })).body).toEqual(fullScope())
  })

  it('answers 404 for an unknown job and 400 for a bad scope, changing nothing', async () => {
    const jobId = await createJob(node, 'gpt')
    const before = dbFingerprint(node.store)
    expectError(await node.post('/v2/update_job_scope', { job_id: 'jobid_x', job_scope: fullScope() }), 404, 'job_id')
    expectError(
      await node.post('/v2/update_job_scope', { job_id: jobId, job_scope: { ...emptyScopeBody(), vector_fs_folders: [{ name: 1 }] } }),
      400,
      'job_scope.vector_fs_folders[0].name: expected string'
    )
    expect(dbFingerprint(node.store)).toBe(before)
  })
})

describe('change_job_llm_provider', () => {
  it('switches the provider; all_inboxes shows the new agent', async () => {
    const jobId = await createJob(node, 'gpt')
    expect(await node.post('/v2/change_job_llm_provider', { job_id: jobId, new_agent_id: 'claude' })).toEqual({
      status: 200,
      body: 'Successfully changed job LLM provider'
    })
    const [inbox] = await inboxes()
    expect(inbox!.agent).toEqual({
      full_identity_name: provider('claude').full_identity_name,
      id: 'claude',
      model: { Claude: { model_type: 'claude-sonnet-4' } }
    })
  })

  it('answers 404 saying which id is unknown, changing nothing', async () => {
    const jobId = await createJob(node, 'gpt')
    const before = dbFingerprint(node.store)
    expectError(
      await node.post('/v2/change_job_llm_provider', { job_id: 'jobid_x', new_agent_id: 'claude' }),
      404,
      "job_id: no job with id 'jobid_x'"
    )
    expectError(
      await node.post('/v2/change_job_llm_provider', { job_id: jobId, new_agent_id: 'ghost' }),
      404,
      "new_agent_id: no LLM provider with id 'ghost'"
    )
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('answers 400 when a field is missing', async () => {
    expectError(await node.post('/v2/change_job_llm_provider', { job_id: 'x' }), 400, 'new_agent_id: required')
  })
})

describe('all_inboxes', () => {
  it('returns every inbox (no cap of 20), newest activity first', async () => {
    const ids: string[] = []
    for (let i = 0; i < 45; i++) ids.push(await createJob(node, i % 2 ? 'gpt' : 'claude'))
    const list = await inboxes()
    expect(list).toHaveLength(45)
    expect(list.map((i) => i.inbox_id)).toEqual(ids.reverse().map((id) => `job_inbox::${id}::false`))
  })

  it('orders by last message time over creation time', async () => {
    const older = await createJob(node, 'gpt')
    await createJob(node, 'gpt')
    await node.post('/v2/job_message', { job_id: older, content: 'bump' })
    expect((await inboxes())[0]!.inbox_id).toBe(`job_inbox::${older}::false`)
  })

  it('show_hidden=false leaves out inboxes of hidden jobs', async () => {
    await createJob(node, 'gpt', undefined, { is_hidden: true })
    const visible = await createJob(node, 'gpt')
    expect(await inboxes()).toHaveLength(2)
    expect((await inboxes({ show_hidden: 'false' })).map((i) => i.inbox_id)).toEqual([`job_inbox::${visible}::false`])
    expect(await inboxes({ show_hidden: 'true' })).toHaveLength(2)
    // As a script may write it: the same flag in capitals, and `show_hidden=` as left out.
    for (const off of ['FALSE', ' False ']) expect(await inboxes({ show_hidden: off })).toHaveLength(1)
    for (const on of ['TRUE', '']) expect(await inboxes({ show_hidden: on })).toHaveLength(2)
    expectError(await node.get('/v2/all_inboxes', { show_hidden: 'maybe' }), 400, 'show_hidden')
    expectError(await node.get('/v2/all_inboxes', { show_hidden: '__proto__' }), 400, 'show_hidden')
  })

  it('include_scope=false answers job_scope null and changes nothing else; the default includes scopes', async () => {
    await createJob(node, 'gpt', fullScope())
    const [full] = await inboxes()
    const [light] = await inboxes({ include_scope: 'false' })
    expect(full!.job_scope).toEqual(fullScope())
    expect(light).toEqual({ ...full, job_scope: null })
    expectError(await node.get('/v2/all_inboxes', { include_scope: 'no' }), 400, 'include_scope')
  })

  it('answers an empty array when there are no jobs', async () => {
    expect(await node.get('/v2/all_inboxes')).toEqual({ status: 200, body: [] })
  })
})

describe('update_smart_inbox_name', () => {
  it('renames, and rejects blank, overlong, or unknown inboxes', async () => {
    await createJob(node, 'gpt')
    const [inbox] = await inboxes()
    const rename = (custom_name: unknown, inbox_name = inbox!.inbox_id) =>
      node.post('/v2/update_smart_inbox_name', { inbox_name, custom_name })
    expect(await rename('Quarterly review ✓')).toEqual({ status: 200, body: 'Successfully updated inbox name' })
    expect((await inboxes())[0]!.custom_name).toBe('Quarterly review ✓')
    // One sentence per field, whatever is wrong with it.
    // A zero-width space, a NUL or a tab alone is a name the list shows as nothing: taken before.
    for (const bad of ['', '   ', '\u200b', '\u0000', ' \t\u200d\ufeff ', 'x'.repeat(201), 7]) {
      const res = await rename(bad)
      expectError(res, 400, 'custom_name: Enter a name of 1 to 200 characters, not only spaces.')
      expect((res.body as { message: string }).message).toBe('custom_name: Enter a name of 1 to 200 characters, not only spaces.')
    }
    expect(await rename('x'.repeat(200))).toMatchObject({ status: 200 })
    expect(await rename('🚀'.repeat(200))).toMatchObject({ status: 200 }) // characters, not UTF-16 units
    expectError(await rename('🚀'.repeat(201)), 400, 'custom_name: Enter a name of 1 to 200 characters, not only spaces.')
    expectError(await rename('ok', 'job_inbox::nope::false'), 404, 'inbox_name')
  })
})

describe('update_job_config', () => {
  it('takes a config without seed and other_model_params as their defaults; unknown keys are kept', async () => {
    const jobId = await createJob(node, 'gpt')
    const config = { custom_prompt: 'Be brief.', temperature: 0.2, top_k: 12, top_p: 0.5, stream: false, house_style: 'plain' }
    const res = await node.post('/v2/update_job_config', { job_id: jobId, config })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toBe('Successfully updated job config')
    const inbox = (await node.get('/v2/get_inbox', { inbox_name: `job_inbox::${jobId}::false` })).body as { job_config: unknown }
    expect(inbox.job_config).toEqual({ ...config, seed: 0, other_model_params: null })
  })

  it('answers 400 naming the field for a missing temperature or a wrong seed, changing nothing', async () => {
    const jobId = await createJob(node, 'gpt')
    const before = dbFingerprint(node.store)
    const base = { custom_prompt: '', temperature: 0.7, top_k: 40, top_p: 0.9, stream: true }
    const { temperature: _, ...noTemperature } = base
    expectError(await node.post('/v2/update_job_config', { job_id: jobId, config: noTemperature }), 400, 'config.temperature')
    expectError(await node.post('/v2/update_job_config', { job_id: jobId, config: { ...base, seed: 1.5 } }), 400, 'config.seed')
    expect(dbFingerprint(node.store)).toBe(before)
  })
})
