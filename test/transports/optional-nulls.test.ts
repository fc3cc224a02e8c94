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
