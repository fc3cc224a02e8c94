import { EventEmitter } from 'node:events'
import { beforeAll, expect, it, vi } from 'vitest'
import { IPC_SAVE_EXPORT_CHANNEL, IPC_SAVE_EXPORT_WRITING_CHANNEL, type NodedeskBridge } from '../../src/shared/bridge'

/*
 * The preload's half of the export's "Saving…" (the main process's half: save-export.test.ts): each save hears the
 * "writing" message for its own request id only, once, and its listener goes with its answer. Electron's
 * ipcRenderer and contextBridge are stood in for (an EventEmitter, the bridge as exposed); the preload is the real one.
 */

const renderer = new EventEmitter()
const invoked: { channel: string; payload: { request_id: number }; answer: (v: unknown) => void }[] = []
let bridge: NodedeskBridge

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (_name: string, api: NodedeskBridge) => (bridge = api) },
  ipcRenderer: {
    on: (channel: string, l: (...a: unknown[]) => void) => renderer.on(channel, l),
    removeListener: (channel: string, l: (...a: unknown[]) => void) => renderer.removeListener(channel, l),
    send: () => {},
    invoke: (channel: string, payload: { request_id: number }) => new Promise((answer) => invoked.push({ channel, payload, answer }))
  }
}))

beforeAll(async () => {
  await import('../../src/preload/index')
})

const writing = (request_id: number) => renderer.emit(IPC_SAVE_EXPORT_WRITING_CHANNEL, {}, { request_id })

it('two saves under way: each is told of its own writing only, once; no listener stays past the answers', async () => {
  const told: string[] = []
  const a = bridge.saveExport!({ inbox_name: 'a', format: 'txt' }, () => told.push('a'))
  const b = bridge.saveExport!({ inbox_name: 'b', format: 'txt' }, () => told.push('b'))
  expect(invoked.map((i) => i.channel)).toEqual([IPC_SAVE_EXPORT_CHANNEL, IPC_SAVE_EXPORT_CHANNEL])
  const [ia, ib] = [invoked[0]!.payload.request_id, invoked[1]!.payload.request_id]
  expect(ia).not.toBe(ib)
  writing(ib)
  expect(told).toEqual(['b'])
  writing(ib)
  writing(ia + ib + 100)
  expect(told).toEqual(['b'])
  expect(renderer.listenerCount(IPC_SAVE_EXPORT_WRITING_CHANNEL)).toBe(1)
  invoked[1]!.answer({ status: 200, body: { saved: true, path: '/b.txt' } })
  invoked[0]!.answer({ status: 200, body: { saved: false } })
  await Promise.all([a, b])
  // The cancelled save heard nothing, and nothing is listening any more.
  writing(ia)
  expect(told).toEqual(['b'])
  expect(renderer.listenerCount(IPC_SAVE_EXPORT_WRITING_CHANNEL)).toBe(0)
})

it('a save asked without onWriting adds no listener; one refused takes its listener away', async () => {
  invoked.length = 0
  const plain = bridge.saveExport!({ inbox_name: 'c', format: 'json' })
  expect(renderer.listenerCount(IPC_SAVE_EXPORT_WRITING_CHANNEL)).toBe(0)
  invoked[0]!.answer({ status: 403, body: {} })
  await plain
  const refused = bridge.saveExport!({ inbox_name: 'd', format: 'json' }, () => {})
  expect(renderer.listenerCount(IPC_SAVE_EXPORT_WRITING_CHANNEL)).toBe(1)
  invoked[1]!.answer({ status: 404, body: {} })
  await refused
  expect(renderer.listenerCount(IPC_SAVE_EXPORT_WRITING_CHANNEL)).toBe(0)
})

/** The page loaded again (a reload): the preload runs anew, its bridge a new one. */
async function reload() {
  vi.resetModules()
  await import('../../src/preload/index')
}

it('after a reload, a save does not hear the writing of a save the page before asked (its dialog still open)', async () => {
  // Numbered from 1 on each load, the new page's first save had the old page's first save's id: the old
  // dialog's place chosen, the new save showed "Saving…" for a file it was not writing.
  await reload()
  invoked.length = 0
  void bridge.saveExport!({ inbox_name: 'old', format: 'txt' }, () => {})
  const old = invoked[0]!.payload.request_id
  await reload()
  const told: string[] = []
  const fresh = bridge.saveExport!({ inbox_name: 'new', format: 'txt' }, () => told.push('new'))
  const id = invoked[1]!.payload.request_id
  expect(Number.isSafeInteger(id)).toBe(true)
  expect(id).not.toBe(old)
  writing(old)
  expect(told).toEqual([])
  writing(id)
  expect(told).toEqual(['new'])
  invoked[1]!.answer({ status: 200, body: { saved: true, path: '/new.txt' } })
  invoked[0]!.answer({ status: 200, body: { saved: false } })
  await fresh
})
