import type { IpcMainInvokeEvent } from 'electron'
import { describe, expect, it } from 'vitest'
import { IPC_REQUEST_CHANNEL } from '../../src/shared/bridge'
import { bindIpc, isRendererUrl, type IpcMainLike, type IpcReply } from '../../src/main/transports/ipc'
import { provider } from '../support/fixtures'
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
