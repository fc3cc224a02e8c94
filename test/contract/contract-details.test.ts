import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { nodeIdentity } from '../../src/main/domain/node-identity'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { createJobBody, emptyScopeBody, fullScope, provider } from '../support/fixtures'
import { dbFingerprint, useTestNode } from '../support/node'

/*
 * Details of api-contract.md (common rules, the seed's endpoints, messages) checked over real
 * HTTP (127.0.0.1, port 0) where the node differed from the contract's words.
 */

const TOKEN = 'contract-details-token'
const node = useTestNode()
let server: HttpServer

beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
})
afterEach(async () => {
  await server.close()
})

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() }
}

async function newJob(): Promise<{ jobId: string; inboxId: string }> {
  expect((await call('POST', '/v2/add_llm_provider', provider('gpt'))).status).toBe(200)
  const created = await call('POST', '/v2/create_job', createJobBody('gpt'))
  expect(created.status).toBe(200)
  const jobId = (created.body as { job_id: string }).job_id
  return { jobId, inboxId: `job_inbox::${jobId}::false` }
}

const inboxes = async () => (await call('GET', '/v2/all_inboxes')).body as { inbox_id: string; custom_name: string }[]

describe('update_smart_inbox_name: the name all_inboxes shows is the name that was accepted', () => {
  it('refuses a name holding a lone surrogate (text no UTF-8 can carry) with 400 naming custom_name, changing nothing', async () => {
    const { inboxId } = await newJob()
    const before = dbFingerprint(node.store)
    // JSON.stringify writes the lone half as the escape \ud800: valid JSON, valid UTF-8 on the wire.
    const res = await call('POST', '/v2/update_smart_inbox_name', { inbox_name: inboxId, custom_name: 'a\ud800b' })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 400, error: 'Bad Request', message: expect.stringMatching(/^custom_name: /) })
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('keeps a name with emoji (surrogate pairs) exactly as sent', async () => {
    const { inboxId } = await newJob()
    const name = '🚀 launch 東京 ✓'
    expect(await call('POST', '/v2/update_smart_inbox_name', { inbox_name: inboxId, custom_name: name })).toEqual({
      status: 200,
      body: 'Successfully updated inbox name'
    })
    expect((await inboxes()).find((i) => i.inbox_id === inboxId)?.custom_name).toBe(name)
  })
})

describe('auth: every /v2/* path but GET /v2/health_check needs the bearer token', () => {
  it('another method on /v2/health_check without the token is 401, with it 405; GET needs none', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/v2/health_check`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: '{}' })
    const anonymous = await post({})
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ code: 401, error: 'Unauthorized' })
    const withToken = await post({ Authorization: `Bearer ${TOKEN}` })
    expect(withToken.status).toBe(405)
    expect(await withToken.json()).toMatchObject({ code: 405, error: 'Method Not Allowed' })
    const get = await fetch(`${server.url}/v2/health_check`)
    expect(get.status).toBe(200)
    expect(await get.json()).toMatchObject({ status: 'ok' })
  })
})

describe("400 messages: a string array with an item that is not a string is said of the array, in the contract's words", () => {
  it('create_job: job_creation_info.scope.vector_fs_items[2].path.path_ids: expected array of strings', async () => {
    expect((await call('POST', '/v2/add_llm_provider', provider('gpt'))).status).toBe(200)
    const item = fullScope().vector_fs_items[0]!
    const scope = { ...emptyScopeBody(), vector_fs_items: [item, item, { ...item, path: { path_ids: ['docs', 7] } }] }
    const before = dbFingerprint(node.store)
    expect(await call('POST', '/v2/create_job', createJobBody('gpt', scope))).toEqual({
      status: 400,
      body: {
        code: 400,
        error: 'Bad Request',
        message: 'job_creation_info.scope.vector_fs_items[2].path.path_ids: expected array of strings'
      }
    })
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it.each([
    [{ toolkit_permissions: ['read', null] }, 'toolkit_permissions: expected array of strings'],
    [{ allowed_message_senders: [1] }, 'allowed_message_senders: expected array of strings'],
    [{ storage_bucket_permissions: 'all' }, 'storage_bucket_permissions: expected array of strings']
  ])('add_llm_provider %j: 400 with that message', async (overrides, message) => {
    expect(await call('POST', '/v2/add_llm_provider', provider('p', overrides))).toEqual({
      status: 400,
      body: { code: 400, error: 'Bad Request', message }
    })
  })

  it('a missing array is still "required", and arrays of strings are stored as sent', async () => {
    const body = provider('p', { toolkit_permissions: ['a', 'b'] })
    delete body.storage_bucket_permissions
    expect((await call('POST', '/v2/add_llm_provider', body)).body).toMatchObject({ message: 'storage_bucket_permissions: required' })
    expect((await call('POST', '/v2/add_llm_provider', provider('p', { toolkit_permissions: ['a', 'b'] }))).status).toBe(200)
    expect((await call('GET', '/v2/available_llm_providers')).body).toMatchObject([{ id: 'p', toolkit_permissions: ['a', 'b'] }])
  })
})

describe("the node's own name: default @@localhost.sep-shinkai, set in the app's settings (POST /v2/change_node_name)", () => {
  it('a new name is what health_check gives and what the next messages carry, and it outlives a restart', async () => {
    expect((await call('GET', '/v2/health_check')).body).toMatchObject({ node_name: '@@localhost.sep-shinkai' })
    const { jobId, inboxId } = await newJob()
    expect((await call('POST', '/v2/job_message', { job_id: jobId, content: 'before' })).status).toBe(200)

    expect(await call('POST', '/v2/change_node_name', { new_name: '@@desk.sep-shinkai' })).toEqual({
      status: 200,
      body: 'Successfully changed node name'
    })
    expect((await call('GET', '/v2/health_check')).body).toMatchObject({ node_name: '@@desk.sep-shinkai' })
    expect((await call('POST', '/v2/job_message', { job_id: jobId, content: 'after' })).status).toBe(200)
    const messages = (await call('POST', '/v2/last_messages', { inbox_name: inboxId })).body as {
      sender: string
      receiver: string
    }[]
    // Messages already written keep the name they were hashed with.
    expect(messages.map((m) => [m.sender, m.receiver])).toEqual([
      ['@@localhost.sep-shinkai', '@@localhost.sep-shinkai'],
      ['@@desk.sep-shinkai', '@@desk.sep-shinkai']
    ])

    node.reopen()
    expect((await node.get('/v2/health_check')).body).toMatchObject({ node_name: '@@desk.sep-shinkai' })
  })

  it('a name given at start (headless --node-name) wins over the one set in the settings, which stays kept', async () => {
    expect((await call('POST', '/v2/change_node_name', { new_name: '@@set.sep-shinkai' })).status).toBe(200)
    expect(nodeIdentity(node.store.db, '@@flag.sep-shinkai').name()).toBe('@@flag.sep-shinkai')
    expect(nodeIdentity(node.store.db).name()).toBe('@@set.sep-shinkai')
  })

  it.each([
    [{ new_name: 'desk' }, /^new_name: /],
    [{ new_name: '@@two words' }, /^new_name: /],
    [{ new_name: '' }, /^new_name: /],
    // Too long: the message says how long a name may be (it read as if its letters were wrong).
    [{ new_name: `@@${'a'.repeat(201)}` }, /^new_name: .*1 to 200 letters/],
    [{}, /^new_name: /],
    [{ new_name: '@@desk.sep-shinkai', extra: 1 }, /^extra: unknown field/]
  ])('%j: 400 naming the field, nothing changed', async (body, message) => {
    const before = dbFingerprint(node.store)
    const res = await call('POST', '/v2/change_node_name', body)
    expect(res).toMatchObject({ status: 400, body: { code: 400, error: 'Bad Request', message: expect.stringMatching(message) } })
    expect(dbFingerprint(node.store)).toBe(before)
    expect((await call('GET', '/v2/health_check')).body).toMatchObject({ node_name: '@@localhost.sep-shinkai' })
  })
})

describe('400 messages say what was wrong with a number JSON can write but a double cannot hold', () => {
  it('last_messages limit 1e309 (read as Infinity): the message does not read "expected number, got number"', async () => {
    const { inboxId } = await newJob()
    const res = await fetch(`${server.url}/v2/last_messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: `{"inbox_name": ${JSON.stringify(inboxId)}, "limit": 1e309}`
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 400,
      error: 'Bad Request',
      message: 'limit: expected number, got a number too large to represent'
    })
  })

  it("inside objects kept as given (a scope's metadata, a config's other_model_params): 400 naming where, nothing stored; it was kept as null", async () => {
    const { jobId } = await newJob()
    const post = (path: string, raw: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: raw
      })
    const scope = fullScope() as unknown as { local_vrkai: { vrkai: { metadata: Record<string, unknown> } }[] }
    scope.local_vrkai[0]!.vrkai.metadata = { pages: 'HUGE' }
    const before = dbFingerprint(node.store)
    const created = await post('/v2/create_job', JSON.stringify(createJobBody('gpt', scope)).replace('"HUGE"', '1e309'))
    expect(created.status).toBe(400)
    expect(await created.json()).toEqual({
      code: 400,
      error: 'Bad Request',
      message: 'job_creation_info.scope.local_vrkai[0].vrkai.metadata.pages: a number too large to represent'
    })
    const config = { custom_prompt: '', temperature: 0.7, top_k: 40, top_p: 0.9, stream: true, other_model_params: { max: 'HUGE' } }
    const updated = await post('/v2/update_job_config', JSON.stringify({ job_id: jobId, config }).replace('"HUGE"', '-1e400'))
    expect(updated.status).toBe(400)
    expect(await updated.json()).toEqual({
      code: 400,
      error: 'Bad Request',
      message: 'config.other_model_params.max: a number too large to represent'
    })
    expect(dbFingerprint(node.store)).toBe(before)
  })
})
