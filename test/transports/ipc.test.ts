import type { IpcMainInvokeEvent } from 'electron'
import { describe, expect, it } from 'vitest'
import { IPC_REQUEST_CHANNEL } from '../../src/shared/bridge'
import { bindIpc, isRendererUrl, type IpcMainLike, type IpcReply } from '../../src/main/transports/ipc'
import { startHttpServer } from '../../src/main/transports/http'
import { createJobBody, provider } from '../support/fixtures'
import { useTestNode } from '../support/node'

/** Stands in for Electron's ipcMain (the Electron binary cannot exist here): records the handler. */
function fakeIpcMain() {
  const handlers = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown>()
  const ipc: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`)
      handlers.set(channel, listener)
    },
    removeHandler: (channel) => handlers.delete(channel)
  }
  return { ipc, handlers }
}

const json = <T = unknown>(reply: IpcReply) => JSON.parse(new TextDecoder().decode(reply.body)) as T

const RENDERER = 'file:///opt/Nodedesk/resources/app/out/renderer/index.html'
const event = (url: string | undefined, senderId = 1) =>
  ({ senderFrame: url === undefined ? null : { url }, sender: { id: senderId } }) as unknown as IpcMainInvokeEvent

const node = useTestNode()

describe('IPC binding', () => {
  it('routes a request from our renderer to the real router, answering {status, json}', async () => {
    const { ipc, handlers } = fakeIpcMain()
    bindIpc(ipc, node.router, (e) => (e.sender as { id: number }).id === 1 && isRendererUrl(e.senderFrame?.url, RENDERER))
    const handler = handlers.get(IPC_REQUEST_CHANNEL)!
    const added = (await handler(event(RENDERER), {
      method: 'POST',
      path: '/v2/add_llm_provider',
      body: provider('gpt', { api_key: 'k' })
    })) as IpcReply
    expect(added.status).toBe(200)
    expect(json(added)).toBe('Successfully added LLM provider')
    const listed = (await handler(event(`${RENDERER}#/providers`), { method: 'GET', path: '/v2/available_llm_providers' })) as IpcReply
    expect(listed.status).toBe(200)
    expect(json<unknown[]>(listed)[0]).toMatchObject({ id: 'gpt', has_api_key: true })
    const bad = (await handler(event(RENDERER), { method: 'POST', path: '/v2/create_job', body: { llm_provider: 'gpt' } })) as IpcReply
    expect(bad.status).toBe(400)
    expect(json(bad)).toEqual({ code: 400, error: 'Bad Request', message: 'job_creation_info: required' })
  })

  it('refuses a request from an unexpected sender before it reaches the router', async () => {
    const { ipc, handlers } = fakeIpcMain()
    bindIpc(ipc, node.router, (e) => (e.sender as { id: number }).id === 1 && isRendererUrl(e.senderFrame?.url, RENDERER))
    const handler = handlers.get(IPC_REQUEST_CHANNEL)!
    for (const e of [
      event('https://evil.example/index.html'),
      event('file:///tmp/other.html'),
      event(undefined),
      event(RENDERER, 2) // another webContents loading our page
    ]) {
      const res = (await handler(e, { method: 'POST', path: '/v2/add_llm_provider', body: provider('evil') })) as IpcReply
      expect(res.status).toBe(403)
      expect(json(res)).toMatchObject({ code: 403, error: 'Forbidden' })
    }
    expect((await node.get('/v2/available_llm_providers')).body).toEqual([])
  })

  it('answers malformed payloads with a 400, and the event stream route with a pointer to onEvent', async () => {
    const { ipc, handlers } = fakeIpcMain()
    bindIpc(ipc, node.router, () => true)
    const handler = handlers.get(IPC_REQUEST_CHANNEL)!
    for (const payload of [undefined, null, 42, 'GET /v2/all_inboxes', { method: 'GET' }]) {
      expect(((await handler(event(RENDERER), payload)) as { status: number }).status).toBe(400)
    }
    const events = (await handler(event(RENDERER), { method: 'GET', path: '/v2/events' })) as IpcReply
    expect(events.status).toBe(400)
    expect(json<{ message: string }>(events).message).toContain('onEvent')
  })

  it('a query given as numbers or booleans over IPC is read as HTTP reads the same query string', async () => {
    // The contract gives IPC and HTTP identical semantics: {limit: 1} is ?limit=1, {show_hidden: true} is ?show_hidden=true.
    const { ipc, handlers } = fakeIpcMain()
    bindIpc(ipc, node.router, () => true)
    const handler = handlers.get(IPC_REQUEST_CHANNEL)!
    const server = await startHttpServer({ router: node.router, token: 't', port: 0, log: node.log })
    try {
      await node.post('/v2/add_llm_provider', provider('gpt'))
      for (const hidden of [false, true, false]) await node.post('/v2/create_job', createJobBody('gpt', undefined, { is_hidden: hidden }))
      const viaHttp = async (path: string) => {
        const res = await fetch(`${server.url}${path}`, { headers: { Authorization: 'Bearer t' } })
        return { status: res.status, body: await res.json() }
      }
      const viaIpc = async (path: string, query: Record<string, unknown>) => {
        const reply = (await handler(event(RENDERER), { method: 'GET', path, query })) as IpcReply
        return { status: reply.status, body: json(reply) }
      }
      const cases: [string, Record<string, unknown>][] = [
        ['/v2/all_inboxes_paginated', { limit: 1, show_hidden: true }],
        ['/v2/all_inboxes_paginated', { limit: 2, show_hidden: false, pinned: false }],
        ['/v2/all_inboxes', { show_hidden: false, include_scope: false }],
        ['/v2/search_inboxes', { q: 'gpt', limit: 5, show_hidden: true }],
        ['/v2/retrieve_path_simplified', { path: '/', depth: 0 }],
        ['/v2/get_job_scope', { job_id: 42 }],
        ['/v2/all_inboxes_paginated', { limit: 0 }]
      ]
      for (const [path, query] of cases) {
        const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))
        const http = await viaHttp(`${path}?${qs.toString()}`)
        expect(await viaIpc(path, query), `${path} ${JSON.stringify(query)}`).toEqual(http)
      }
      expect((await viaIpc('/v2/all_inboxes_paginated', { limit: 1, show_hidden: true })).status).toBe(200)
      expect((await viaIpc('/v2/get_job_scope', { job_id: 42 })).body).toMatchObject({ code: 404, message: "job_id: no job with id '42'" })
      // Values HTTP cannot carry as one query parameter stay a 400 naming the parameter.
      for (const bad of [{ job_id: ['a', 'b'] }, { job_id: { id: 'x' } }, { job_id: null }]) {
        const res = await viaIpc('/v2/get_job_scope', bad)
        expect(res.status).toBe(400)
        expect((res.body as { message: string }).message).toMatch(/^job_id: /)
      }
    } finally {
      await server.close()
    }
  })

  it('a query parameter given over IPC as an object or array is refused as not a string, not as missing', async () => {
    // HTTP's query string can only carry text; IPC's structured clone can carry anything. A value that is
    // there but is not text must say so: "job_id: required" told the caller to add what they had sent.
    const { ipc, handlers } = fakeIpcMain()
    bindIpc(ipc, node.router, () => true)
    const handler = handlers.get(IPC_REQUEST_CHANNEL)!
    const viaIpc = async (path: string, query: Record<string, unknown>) => {
      const reply = (await handler(event(RENDERER), { method: 'GET', path, query })) as IpcReply
      return { status: reply.status, body: json(reply) }
    }
    const cases: [string, string][] = [
      ['/v2/get_job_scope', 'job_id'],
      ['/v2/get_inbox', 'inbox_name'],
      ['/v2/search_inboxes', 'q']
    ]
    for (const [path, name] of cases) {
      expect(await viaIpc(path, { [name]: { id: 'x' } })).toEqual({
        status: 400,
        body: { code: 400, error: 'Bad Request', message: `${name}: expected string, got object` }
      })
      expect((await viaIpc(path, { [name]: ['a', 'b'] })).body).toMatchObject({ message: `${name}: expected string, got array` })
      // Absent, null (HTTP cannot send one) and empty are still "required".
      for (const missing of [{}, { [name]: null }, { [name]: '' }]) {
        expect((await viaIpc(path, missing)).body, `${path} ${JSON.stringify(missing)}`).toMatchObject({ message: `${name}: required` })
      }
    }
  })

  it('IPC and HTTP alike: a body value JSON cannot carry (a key set to undefined, an undefined in an array) reads as HTTP reads the JSON of it', async () => {
    // Over HTTP the caller's JSON.stringify drops `extra: undefined` and writes [undefined] as [null]; IPC's structured clone keeps both.
    const { ipc, handlers } = fakeIpcMain()
    bindIpc(ipc, node.router, () => true)
    const handler = handlers.get(IPC_REQUEST_CHANNEL)!
    const server = await startHttpServer({ router: node.router, token: 't', port: 0, log: node.log })
    try {
      const viaIpc = async (path: string, body: unknown) => {
        const reply = (await handler(event(RENDERER), { method: 'POST', path, body })) as IpcReply
        return { status: reply.status, body: json(reply) }
      }
      const viaHttp = async (path: string, body: unknown) => {
        const res = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
          body: JSON.stringify(body)
        })
        return { status: res.status, body: await res.json() }
      }
      const added = await viaIpc('/v2/add_llm_provider', { ...provider('gpt'), api_key: undefined, note: undefined })
      expect(added).toEqual({ status: 200, body: 'Successfully added LLM provider' })
      const scope = { local_vrkai: [], local_vrpack: [], network_folders: [], vector_fs_folders: [], vector_fs_items: [] }
      const job = { llm_provider: 'gpt', job_creation_info: { scope, associated_ui: undefined, is_hidden: undefined, later: undefined } }
      const created = await viaIpc('/v2/create_job', job)
      expect(created.status).toBe(200)
      const { job_id } = created.body as { job_id: string }
      expect(await viaIpc('/v2/job_message', { job_id, content: 'Hello', parent: undefined, extra: undefined })).toMatchObject({
        status: 200
      })
      const config = { custom_prompt: '', temperature: 0.5, top_k: 3, top_p: 1, stream: true, seed: undefined, tags: ['a', undefined] }
      expect(await viaIpc('/v2/update_job_config', { job_id, config })).toEqual(await viaHttp('/v2/update_job_config', { job_id, config }))
      const inbox = (await node.get('/v2/get_inbox', { inbox_name: `job_inbox::${job_id}::false` })).body as { job_config: unknown }
      expect(inbox.job_config).toEqual({
        custom_prompt: '',
        temperature: 0.5,
        top_k: 3,
        top_p: 1,
        stream: true,
        seed: 0,
        other_model_params: null,
        tags: ['a', null]
      })
    } finally {
      await server.close()
    }
  })

  it('an upload over IPC takes file_data as bytes in any of the forms structured clone carries (Uint8Array, Buffer, ArrayBuffer)', async () => {
    const { ipc, handlers } = fakeIpcMain()
    bindIpc(ipc, node.router, () => true)
    const handler = handlers.get(IPC_REQUEST_CHANNEL)!
    const call = async (path: string, body?: unknown, query?: Record<string, string>) =>
      (await handler(event(RENDERER), { method: body === undefined ? 'GET' : 'POST', path, body, query })) as IpcReply
    const text = 'Rent is due on the first day of each month.'
    const forms: [string, unknown][] = [
      ['u8.txt', new TextEncoder().encode(text)],
      ['buffer.txt', Buffer.from(text)],
      ['arraybuffer.txt', new TextEncoder().encode(text).buffer]
    ]
    for (const [filename, file_data] of forms) {
      const res = await call('/v2/upload_file_to_folder', { path: '/', filename, file_data })
      expect(res.status, filename).toBe(200)
      expect(json(res)).toMatchObject({ path: `/${filename}`, size: text.length, status: 'ready' })
      const download = await call('/v2/download_file', undefined, { path: `/${filename}` })
      expect(new TextDecoder().decode(download.body)).toBe(text)
    }
    const notBytes = await call('/v2/upload_file_to_folder', { path: '/', filename: 'x.txt', file_data: [1, 2, 3] })
    expect(notBytes.status).toBe(400)
    expect(json<{ message: string }>(notBytes).message).toMatch(/^file_data: /)
  })

  it('unbinding removes the handler', () => {
    const { ipc, handlers } = fakeIpcMain()
    const unbind = bindIpc(ipc, node.router, () => true)
    unbind()
    expect(handlers.has(IPC_REQUEST_CHANNEL)).toBe(false)
  })
})

describe('isRendererUrl', () => {
  it.each([
    [RENDERER, RENDERER, true],
    [`${RENDERER}#/inboxes`, RENDERER, true],
    ['file:///opt/Nodedesk/evil.html', RENDERER, false],
    ['http://localhost:5173/', 'http://localhost:5173/', true],
    ['http://localhost:5173/#/x', 'http://localhost:5173/', true],
    ['http://localhost:5174/', 'http://localhost:5173/', false],
    ['https://localhost:5173/', 'http://localhost:5173/', false],
    ['not a url', RENDERER, false],
    ['', RENDERER, false]
  ])('%s vs %s -> %s', (frame, own, expected) => {
    expect(isRendererUrl(frame, own)).toBe(expected)
  })
})
