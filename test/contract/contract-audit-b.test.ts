import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type HttpServer } from '../../src/main/transports/http'
import { createJobBody, emptyScopeBody, provider } from '../support/fixtures'
import { dbFingerprint, serveUploadsOverHttp, useTestNode } from '../support/node'

/*
 * api-contract.md, lines 119-211 (confirmed additions, providers, inboxes at scale, VectorFS),
 * checked over real HTTP (127.0.0.1, port 0) where no other test held the node to the words.
 */

const TOKEN = 'audit-b-token'
const node = useTestNode()
let server: HttpServer

beforeEach(async () => {
  server = await serveUploadsOverHttp(node, TOKEN, 4 * 1024 * 1024)
})
afterEach(() => server.close())

const auth = { Authorization: `Bearer ${TOKEN}` }

async function call(method: 'GET' | 'POST', path: string, body?: unknown, query: Record<string, string> = {}) {
  const qs = Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : ''
  const res = await fetch(`${server.url}${path}${qs}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() }
}
const get = (path: string, query: Record<string, string> = {}) => call('GET', path, undefined, query)
const post = (path: string, body: unknown) => call('POST', path, body)

async function upload(folder: string, filename: string, text: string) {
  const form = new FormData()
  form.append('path', folder)
  form.append('filename', filename)
  form.append('file_data', new Blob([text]), filename)
  const res = await fetch(`${server.url}/v2/upload_file_to_folder`, { method: 'POST', headers: auth, body: form })
  expect(res.status).toBe(200)
}

async function newJob(extra: Record<string, unknown> = {}) {
  const res = await post('/v2/create_job', createJobBody('gpt', undefined, extra))
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return (res.body as { job_id: string }).job_id
}
const inboxOf = (jobId: string) => `job_inbox::${jobId}::false`

type NodeEvent = { event: string; data: Record<string, unknown> }

/** Reads /v2/events as a client does (a fetch stream with the bearer token), parsing each event. */
async function openEvents() {
  const abort = new AbortController()
  const res = await fetch(`${server.url}/v2/events`, { headers: auth, signal: abort.signal })
  expect(res.status).toBe(200)
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  let connected = false
  const events: NodeEvent[] = []
  const pump = async (until: () => boolean) => {
    while (!until()) {
      const { value, done } = await reader.read()
      if (done) throw new Error('event stream ended')
      buffer += value
      let end: number
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (block.startsWith(': connected')) connected = true
        const event = /^event: (.*)$/m.exec(block)?.[1]
        const data = /^data: (.*)$/m.exec(block)?.[1]
        if (event && data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> })
      }
    }
  }
  await pump(() => connected)
  return {
    /** The events that `action` caused, once `count` of `type` have arrived. */
    async during(action: () => Promise<unknown>, type: string, count: number): Promise<NodeEvent[]> {
      const from = events.length
      await action()
      await pump(() => events.slice(from).filter((e) => e.event === type).length >= count)
      return events.slice(from).filter((e) => e.event === type)
    },
    close: () => abort.abort()
  }
}

describe('VectorFS names: text SQLite can keep as given', () => {
  it('half of a surrogate pair in a name or a path is a 400 naming the field; nothing is made, moved or listed under another name', async () => {
    expect((await post('/v2/create_folder', { path: '/', folder_name: 'Reports' })).status).toBe(200)
    await upload('/Reports', 'q1.txt', 'quarterly figures')
    const before = dbFingerprint(node.store)
    // JSON.stringify writes a lone half as the escape \ud800: valid JSON on the wire.
    const refused: [string, unknown, RegExp][] = [
      ['/v2/create_folder', { path: '/', folder_name: 'a\ud800' }, /^folder_name: /],
      ['/v2/create_folder', { path: '/', folder_name: '\udc00b' }, /^folder_name: /],
      ['/v2/create_folder', { path: '/Reports\ud800', folder_name: 'x' }, /^path: /],
      ['/v2/move_item', { origin_path: '/Reports/q1.txt', destination_path: '/Reports/q\ud8001.txt' }, /^destination_path: /],
      ['/v2/move_folder', { origin_path: '/Reports', destination_path: '/Rep\udfffts' }, /^destination_path: /],
      ['/v2/delete_folder', { path: '/Reports\ud800' }, /^path: /]
    ]
    for (const [path, body, field] of refused) {
      const res = await post(path, body)
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400)
      expect(res.body).toMatchObject({ code: 400, error: 'Bad Request', message: expect.stringMatching(field) })
      expect((res.body as { message: string }).message).toMatch(/surrogate/)
    }
    expect(dbFingerprint(node.store)).toBe(before)
    const listed = (await get('/v2/retrieve_path_simplified', { path: '/', depth: '1' })).body as {
      name: string
      children: { name: string }[]
    }[]
    expect(listed.map((e) => [e.name, e.children.map((c) => c.name)])).toEqual([['Reports', ['q1.txt']]])
  })

  it('a name with whole surrogate pairs (emoji) is kept exactly: its path, path_ids and name read back as sent', async () => {
    const name = '🚀 Launch 東京 ✓'
    expect((await post('/v2/create_folder', { path: '/', folder_name: name })).status).toBe(200)
    const [entry] = (await get('/v2/retrieve_path_simplified', { path: '/' })).body as { path: string; path_ids: string[]; name: string }[]
    expect(entry).toMatchObject({ path: `/${name}`, path_ids: [name], name })
    expect((await get('/v2/retrieve_path_simplified', { path: `/${name}` })).status).toBe(200)
  })
})

describe('vector_fs_changed over /v2/events: {"path"} for every kind of change', () => {
  it('create_folder, upload, move (old and new path), delete_item and delete_folder each tell clients the path to look at again', async () => {
    const events = await openEvents()
    try {
      const payloads = async (action: () => Promise<unknown>, count = 1) =>
        (await events.during(action, 'vector_fs_changed', count)).map((e) => e.data)
      expect(await payloads(() => post('/v2/create_folder', { path: '/', folder_name: 'Été 2025' }))).toEqual([{ path: '/Été 2025' }])
      expect(await payloads(() => upload('/Été 2025', 'bail.txt', 'the lease ends in March'))).toEqual([{ path: '/Été 2025/bail.txt' }])
      expect(
        await payloads(() => post('/v2/move_item', { origin_path: '/Été 2025/bail.txt', destination_path: '/bail 2.txt' }), 2)
      ).toEqual([{ path: '/Été 2025/bail.txt' }, { path: '/bail 2.txt' }])
      expect(await payloads(() => post('/v2/move_folder', { origin_path: '/Été 2025', destination_path: '/Summer' }), 2)).toEqual([
        { path: '/Été 2025' },
        { path: '/Summer' }
      ])
      expect(await payloads(() => post('/v2/delete_item', { path: '/bail 2.txt' }))).toEqual([{ path: '/bail 2.txt' }])
      expect(await payloads(() => post('/v2/delete_folder', { path: '/Summer' }))).toEqual([{ path: '/Summer' }])
    } finally {
      events.close()
    }
  })
})

describe('inbox_changed over /v2/events: {"inbox_id", "inbox"} with job_scope null, after every kind of change', () => {
  it('config, scope and provider changes send the changed inbox; remove_jobs sends null for each removed inbox', async () => {
    for (const id of ['gpt', 'claude']) expect((await post('/v2/add_llm_provider', provider(id))).status).toBe(200)
    const a = await newJob()
    const b = await newJob({ is_hidden: true })
    const events = await openEvents()
    try {
      const changed = async (action: () => Promise<{ status: number }>, count = 1) => {
        const seen = await events.during(async () => expect((await action()).status).toBe(200), 'inbox_changed', count)
        for (const e of seen) expect(Object.keys(e.data).sort()).toEqual(['inbox', 'inbox_id'])
        return seen.map((e) => e.data as { inbox_id: string; inbox: Record<string, unknown> | null })
      }
      const config = { custom_prompt: 'Answer in French.', temperature: 0.3, top_k: 5, top_p: 0.8, stream: false, house: 'x' }
      const [afterConfig] = await changed(() => post('/v2/update_job_config', { job_id: a, config }))
      expect(afterConfig).toMatchObject({
        inbox_id: inboxOf(a),
        inbox: { job_scope: null, job_config: { ...config, seed: 0, other_model_params: null } }
      })

      const scope = { ...emptyScopeBody(), vector_fs_folders: [{ path: { path_ids: ['Contracts'] }, name: 'Contracts' }] }
      const [afterScope] = await changed(() => post('/v2/update_job_scope', { job_id: a, job_scope: scope }))
      expect(afterScope).toMatchObject({ inbox_id: inboxOf(a), inbox: { job_scope: null } })
      expect((await get('/v2/get_job_scope', { job_id: a })).body).toEqual(scope)

      const [afterProvider] = await changed(() => post('/v2/change_job_llm_provider', { job_id: a, new_agent_id: 'claude' }))
      expect(afterProvider).toMatchObject({ inbox_id: inboxOf(a), inbox: { job_scope: null, agent: { id: 'claude' } } })

      const [afterHidden] = await changed(() => post('/v2/update_job_hidden', { job_id: b, is_hidden: false }))
      expect(afterHidden).toMatchObject({ inbox_id: inboxOf(b), inbox: { job_scope: null, is_hidden: false, is_pinned: false } })

      const removed = await changed(() => post('/v2/remove_jobs', { job_ids: [a, b] }), 2)
      expect(removed).toEqual([
        { inbox_id: inboxOf(a), inbox: null },
        { inbox_id: inboxOf(b), inbox: null }
      ])
    } finally {
      events.close()
    }
  })
})

describe('update_job_config: seed and other_model_params absent mean their defaults', () => {
  it('a config sent without them puts back seed 0 and other_model_params null, not the values set before', async () => {
    expect((await post('/v2/add_llm_provider', provider('gpt'))).status).toBe(200)
    const jobId = await newJob()
    const base = { custom_prompt: '', temperature: 0.5, top_k: 3, top_p: 0.5, stream: true }
    expect(
      (await post('/v2/update_job_config', { job_id: jobId, config: { ...base, seed: 42, other_model_params: { a: 1 } } })).status
    ).toBe(200)
    expect((await post('/v2/update_job_config', { job_id: jobId, config: base })).status).toBe(200)
    const inbox = (await get('/v2/get_inbox', { inbox_name: inboxOf(jobId) })).body as { job_config: unknown }
    expect(inbox.job_config).toEqual({ ...base, seed: 0, other_model_params: null })
  })
})

describe('all_inboxes_paginated: total_count after every kind of change', () => {
  it('follows remove_jobs, a refused remove_jobs (nothing removed), hiding twice and a hidden new job, for every filter', async () => {
    expect((await post('/v2/add_llm_provider', provider('gpt'))).status).toBe(200)
    const jobs: string[] = []
    for (let i = 0; i < 4; i++) jobs.push(await newJob())
    const counts = async () => {
      const filters = { all: {}, withHidden: { show_hidden: 'true' }, pinned: { pinned: 'true' }, unpinned: { pinned: 'false' } }
      const out: Record<string, number> = {}
      for (const [name, query] of Object.entries(filters)) {
        const res = await get('/v2/all_inboxes_paginated', query)
        const page = res.body as { inboxes: unknown[]; hasNextPage: boolean; total_count: number }
        expect(page.inboxes).toHaveLength(page.total_count)
        expect(page.hasNextPage).toBe(false)
        out[name] = page.total_count
      }
      return out
    }
    expect((await post('/v2/update_inbox_pinned', { inbox_name: inboxOf(jobs[0]!), pinned: true })).status).toBe(200)
    for (let i = 0; i < 2; i++) expect((await post('/v2/update_job_hidden', { job_id: jobs[1], is_hidden: true })).status).toBe(200)
    expect(await counts()).toEqual({ all: 3, withHidden: 4, pinned: 1, unpinned: 2 })

    const before = dbFingerprint(node.store)
    expect((await post('/v2/remove_jobs', { job_ids: [jobs[0], jobs[2], 'jobid_nope'] })).status).toBe(404)
    expect(dbFingerprint(node.store)).toBe(before)
    expect(await counts()).toEqual({ all: 3, withHidden: 4, pinned: 1, unpinned: 2 })

    expect(await post('/v2/remove_jobs', { job_ids: [jobs[0], jobs[1]] })).toEqual({ status: 200, body: { removed: 2 } })
    expect(await counts()).toEqual({ all: 2, withHidden: 2, pinned: 0, unpinned: 2 })
    await newJob({ is_hidden: true })
    expect(await counts()).toEqual({ all: 2, withHidden: 3, pinned: 0, unpinned: 2 })
  })
})
