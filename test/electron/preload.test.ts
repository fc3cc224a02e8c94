import { EventEmitter } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  IPC_EVENT_ACK_CHANNEL,
  IPC_EVENT_CHANNEL,
  IPC_EVENTS_RESUMED_CHANNEL,
  NEW_PAGE_SEQ,
  type IpcEventEnvelope,
  type NodedeskBridge
} from '../../src/shared/bridge'
import type { NodeEvent } from '../../src/shared/contract/events'
import { ipcEventFeed } from '../../src/main/transports/ipc-events'
import { capturingLogger } from '../support/node'

/*
 * The preload (src/preload/index.ts) runs here against a stand-in `electron` module: one page's
 * ipcRenderer (the main process's messages arrive as its events; what the page sends is recorded)
 * and the contextBridge that hands the page its `window.nodedesk`. Electron runs the preload again
 * for each page it loads in the window (a reload too): `loadPage` does so with a fresh module.
 */
const page = vi.hoisted(() => ({ current: undefined as undefined | { ipcRenderer: unknown; exposed: Map<string, unknown> } }))
vi.mock('electron', () => ({
  get ipcRenderer() {
    return page.current!.ipcRenderer
  },
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => page.current!.exposed.set(key, api) }
}))

class FakeIpcRenderer extends EventEmitter {
  readonly sent: [string, unknown][] = []
  /** Where what the page sends goes on to (the main process's listener), if anywhere. */
  toMain: (channel: string, payload: unknown) => void = () => {}
  send(channel: string, payload: unknown) {
    this.sent.push([channel, payload])
    this.toMain(channel, payload)
  }
  /** A message from the main process, as webContents.send delivers it. */
  deliver(channel: string, payload?: unknown) {
    this.emit(channel, { sender: this }, payload)
  }
  acks = () => this.sent.filter(([c]) => c === IPC_EVENT_ACK_CHANNEL).map(([, p]) => (p as { seq: number }).seq)
}

async function loadPage() {
  const ipc = new FakeIpcRenderer()
  page.current = { ipcRenderer: ipc, exposed: new Map() }
  vi.resetModules()
  await import('../../src/preload/index')
  return { ipc, bridge: page.current.exposed.get('nodedesk') as NodedeskBridge }
}

const delta = (text: string): NodeEvent => ({ type: 'message_delta', data: { inbox: 'job_inbox::a::false', text, parent: 'h1' } })
const envelope = (seq: number, event: NodeEvent): IpcEventEnvelope => ({ seq, json: JSON.stringify(event) })

describe('the preload’s event subscription (window.nodedesk.onEvent)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('hands the page each event once per subscription, unwrapped, and acknowledges the last one handled', async () => {
    const { ipc, bridge } = await loadPage()
    const got: NodeEvent[] = []
    const stop = bridge.onEvent((json) => got.push(JSON.parse(json) as NodeEvent))
    // A page just loaded says so once, before it has handled anything.
    expect(ipc.acks()).toEqual([NEW_PAGE_SEQ])
    ipc.deliver(IPC_EVENT_CHANNEL, envelope(7, delta('a')))
    ipc.deliver(IPC_EVENT_CHANNEL, envelope(9, delta('b')))
    expect(got).toEqual([delta('a'), delta('b')])
    vi.advanceTimersByTime(50)
    expect(ipc.acks()).toEqual([NEW_PAGE_SEQ, 9])
    stop()
    ipc.deliver(IPC_EVENT_CHANNEL, envelope(10, delta('c')))
    expect(got).toHaveLength(2)
    expect(ipc.listenerCount(IPC_EVENT_CHANNEL) + ipc.listenerCount(IPC_EVENTS_RESUMED_CHANNEL)).toBe(0)
  })

  it('a second subscription on the same page does not say the page is new; a reloaded page does, once', async () => {
    const first = await loadPage()
    first.bridge.onEvent(() => {})
    first.bridge.onEvent(() => {})
    expect(first.ipc.acks()).toEqual([NEW_PAGE_SEQ])
    const reloaded = await loadPage()
    reloaded.bridge.onEvent(() => {})
    expect(reloaded.ipc.acks()).toEqual([NEW_PAGE_SEQ])
  })

  it('passes the main process’s notice that events were held back to the page’s onResumed', async () => {
    const { ipc, bridge } = await loadPage()
    let resumed = 0
    bridge.onEvent(
      () => {},
      () => resumed++
    )
    ipc.deliver(IPC_EVENTS_RESUMED_CHANNEL)
    expect(resumed).toBe(1)
  })

  it('an event whose handler threw still counts as handled: a handler failing on answers’ text does not cut the window off from every later event', async () => {
    const { ipc, bridge } = await loadPage()
    // The main process's half, the real one, wired to this page as Electron does (a renderer's error stays in the renderer).
    const feed = ipcEventFeed({ log: capturingLogger(), maxUnackedBytes: 4000 })
    const window = {
      send: (channel: string, payload?: unknown) => {
        try {
          ipc.deliver(channel, payload)
        } catch {
          // reported in the window's console
        }
      },
      isDestroyed: () => false
    }
    ipc.toMain = (channel, payload) => channel === IPC_EVENT_ACK_CHANNEL && feed.acknowledge(window, payload)
    const providers: string[] = []
    bridge.onEvent((json) => {
      const e = JSON.parse(json) as NodeEvent
      if (e.type === 'message_delta') throw new Error('a bug in the streaming store')
      if (e.type === 'provider_changed') providers.push(e.data.id)
    })
    // An answer streams for a while: 200 deltas, the page running its timers between them.
    for (let i = 0; i < 200; i++) {
      feed.send(window, delta(`word ${i} `))
      vi.advanceTimersByTime(10)
    }
    feed.send(window, { type: 'provider_changed', data: { id: 'gpt' } })
    expect(providers).toEqual(['gpt'])
  })
})
