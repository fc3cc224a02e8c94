import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { createJobBody, provider } from '../support/fixtures'
import { dbFingerprint, useTestNode } from '../support/node'

/*
 * The contract marks some request fields optional (`limit?`, `path?`, ...). Clients of the
 * upstream node send an absent optional as null (a serialized Option), as they already may for
 * job_message's parent and last_messages' offset_key: null means "use the default", the same
 * answer as leaving the field out.
 */
const node = useTestNode()
let server: HttpServer
beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: 't', port: 0, log: node.log })
})
afterEach(async () => {
  await server.close()
})

async function post(path: string, body: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
    body: JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() }
}

async function get(path: string) {
  const res = await fetch(`${server.url}${path}`, { headers: { Authorization: 'Bearer t' } })
  return { status: res.status, body: await res.json() }
}

describe('optional request fields sent as null mean their default', () => {
  it('last_messages: limit null is the default 50', async () => {
    await post('/v2/add_llm_provider', provider('gpt'))
    const { job_id } = (await post('/v2/create_job', createJobBody('gpt'))).body as { job_id: string }
    for (let i = 0; i < 55; i++) expect((await post('/v2/job_message', { job_id, content: `m${i}` })).status).toBe(200)
    const inbox_name = `job_inbox::${job_id}::false`
    const absent = await post('/v2/last_messages', { inbox_name })
    expect((absent.body as unknown[]).length).toBe(50)
    expect(await post('/v2/last_messages', { inbox_name, limit: null, offset_key: null })).toEqual(absent)
  })

  it('search_items: path null is the root and max_results null the default 10', async () => {
    await post('/v2/create_folder', { path: '/', folder_name: 'Docs' })
    for (let i = 0; i < 12; i++) {
      const form = new FormData()
      form.append('path', '/Docs')
      form.append('filename', `lease-${i}.txt`)
      form.append('file_data', new Blob([`The lease number ${i} sets the rent.`]), `lease-${i}.txt`)
      const res = await fetch(`${server.url}/v2/upload_file_to_folder`, {
        method: 'POST',
        headers: { Authorization: 'Bearer t' },
        body: form
      })
      expect(res.status).toBe(200)
    }
    const absent = await post('/v2/search_items', { search: 'lease rent' })
    expect((absent.body as unknown[]).length).toBe(10)
    expect(await post('/v2/search_items', { search: 'lease rent', path: null, max_results: null })).toEqual(absent)
  })

  it('Field rules, job creation input: is_hidden null is false (absent means false)', async () => {
    await post('/v2/add_llm_provider', provider('gpt'))
    const res = await post('/v2/create_job', createJobBody('gpt', undefined, { is_hidden: null }))
    expect(res.status).toBe(200)
    const { job_id } = res.body as { job_id: string }
    const inbox = (await get(`/v2/get_inbox?inbox_name=job_inbox::${job_id}::false`)).body as { is_hidden: boolean }
    expect(inbox.is_hidden).toBe(false)
  })

  it('Confirmed additions, update_job_config: seed null is its default 0, as when absent', async () => {
    await post('/v2/add_llm_provider', provider('gpt'))
    const { job_id } = (await post('/v2/create_job', createJobBody('gpt'))).body as { job_id: string }
    const config = { custom_prompt: 'Be brief.', temperature: 0.2, top_k: 5, top_p: 1, stream: false }
    expect(await post('/v2/update_job_config', { job_id, config: { ...config, seed: null, other_model_params: null } })).toEqual({
      status: 200,
      body: 'Successfully updated job config'
    })
    const inbox = (await get(`/v2/get_inbox?inbox_name=job_inbox::${job_id}::false`)).body as { job_config: Record<string, unknown> }
    expect(inbox.job_config).toEqual({ ...config, seed: 0, other_model_params: null })
  })

  it('Confirmed additions, LlmProvider name and description: null is the same as leaving them out', async () => {
    expect(await post('/v2/add_llm_provider', provider('gpt', { name: null, description: null }))).toEqual({
      status: 200,
      body: 'Successfully added LLM provider'
    })
    expect(
      await post('/v2/add_llm_providers', { providers: [provider('a', { name: null }), provider('b', { description: null })] })
    ).toEqual({
      status: 200,
      body: 'Successfully added LLM providers'
    })
    const listed = (await get('/v2/available_llm_providers')).body as Record<string, unknown>[]
    expect(listed.map((p) => p.id)).toEqual(['gpt', 'a', 'b'])
    for (const p of listed) {
      expect(p).not.toHaveProperty('name')
      expect(p).not.toHaveProperty('description')
    }
    expect(await post('/v2/modify_llm_provider', provider('gpt', { name: 'Mine', description: null }))).toEqual({
      status: 200,
      body: 'Successfully modified LLM provider'
    })
    const modified = ((await get('/v2/available_llm_providers')).body as Record<string, unknown>[])[0]!
    expect(modified.name).toBe('Mine')
    expect(modified).not.toHaveProperty('description')
  })

  it('IPC and HTTP alike: a query parameter given as null over IPC is left out (its default), as HTTP cannot send one', async () => {
    await post('/v2/add_llm_provider', provider('gpt'))
    for (let i = 0; i < 3; i++) await post('/v2/create_job', createJobBody('gpt'))
    const viaHttp = await get('/v2/all_inboxes_paginated')
    const viaRouter = await node.router.handle({
      method: 'GET',
      path: '/v2/all_inboxes_paginated',
      query: { limit: null, offset: null, pinned: null }
    })
    expect(viaRouter).toEqual({ status: 200, body: viaHttp.body })
  })

  it('null stays a 400 where the field is required, and changes nothing', async () => {
    const before = dbFingerprint(node.store)
    for (const [path, body, field] of [
      ['/v2/last_messages', { inbox_name: null }, 'inbox_name'],
      ['/v2/search_items', { search: null }, 'search']
    ] as const) {
      const res = await post(path, body)
      expect(res.status).toBe(400)
      expect((res.body as { message: string }).message).toMatch(new RegExp(`^${field}: `))
    }
    expect(dbFingerprint(node.store)).toBe(before)
  })
})
