import { describe, expect, it } from 'vitest'
import { IPC_EVENT_CHANNEL, IPC_EVENTS_RESUMED_CHANNEL, NEW_PAGE_SEQ, type IpcEventEnvelope } from '../../src/shared/bridge'
import type { NodeEvent } from '../../src/shared/contract/events'
import { ipcEventFeed, MAX_UNACKED_EVENT_BYTES } from '../../src/main/transports/ipc-events'
import { capturingLogger } from '../support/node'

/*
 * The desktop window's events go through Electron's webContents.send, which queues in the main
 * process without limit while the renderer does not take them (a hung page). The window stands in
 * here as the part of webContents the feed uses; the feed is the real one.
 */
class Window {
  readonly sent: [string, unknown][] = []
  destroyed = false
  send(channel: string, payload?: unknown) {
    this.sent.push([channel, payload])
  }
  isDestroyed() {
    return this.destroyed
  }
  events = () => this.sent.filter(([c]) => c === IPC_EVENT_CHANNEL).map(([, p]) => p as IpcEventEnvelope)
  resumed = () => this.sent.filter(([c]) => c === IPC_EVENTS_RESUMED_CHANNEL).length
}

const delta = (text: string): NodeEvent => ({ type: 'message_delta', data: { inbox: 'job_inbox::a::false', text, parent: 'h1' } })
const eventBytes = (e: NodeEvent) => JSON.stringify(e).length
/** The event an envelope carries (as JSON text, which the page parses). */
const eventOf = (e: IpcEventEnvelope) => JSON.parse(e.json) as NodeEvent

describe('events to the desktop window', () => {
  it('arrive numbered, in order, and keep coming while the window acknowledges them', () => {
    const feed = ipcEventFeed({ log: capturingLogger(), maxUnackedBytes: 1000 })
    const win = new Window()
    for (let i = 0; i < 100; i++) {
      feed.send(win, delta(`word ${i} `))
      feed.acknowledge(win, { seq: win.events().at(-1)!.seq })
    }
    const got = win.events()
    expect(got).toHaveLength(100)
    expect(got.map((e) => (eventOf(e) as { data: { text: string } }).data.text)).toEqual(
      Array.from({ length: 100 }, (_, i) => `word ${i} `)
    )
    expect(got.every((e, i) => i === 0 || e.seq > got[i - 1]!.seq)).toBe(true)
    expect(win.resumed()).toBe(0)
  })

  it('a window that stops handling them is sent nothing past the bound, and is told to read again once it catches up', () => {
    const log = capturingLogger()
    const feed = ipcEventFeed({ log })
    const win = new Window()
    const big = delta('x'.repeat(64 * 1024))
    // A night of answers to a frozen window: 64 MiB of deltas.
    for (let i = 0; i < 1024; i++) feed.send(win, big)
    const sentBytes = win.events().reduce((n, e) => n + eventBytes(eventOf(e)), 0)
    expect(sentBytes).toBeLessThanOrEqual(MAX_UNACKED_EVENT_BYTES)
    expect(win.events().length).toBeLessThan(1024)
    expect(log.lines.join('\n')).toContain('stopped handling events')

    // Still nothing while it is behind, even after a partial acknowledgement.
    const held = win.events().length
    feed.acknowledge(win, { seq: win.events()[10]!.seq })
    feed.send(win, delta('while behind'))
    expect(win.events()).toHaveLength(held)
    expect(win.resumed()).toBe(0)

    // It handles the rest: it is told what it missed is stale, and events flow again.
    feed.acknowledge(win, { seq: win.events().at(-1)!.seq })
    expect(win.resumed()).toBe(1)
    feed.send(win, delta('after'))
    expect(eventOf(win.events().at(-1)!)).toEqual(delta('after'))
  })

  it('one window falling behind does not hold back another', () => {
    const feed = ipcEventFeed({ log: capturingLogger(), maxUnackedBytes: 500 })
    const frozen = new Window()
    const live = new Window()
    for (let i = 0; i < 50; i++) {
      feed.send(frozen, delta(`w${i}`))
      feed.send(live, delta(`w${i}`))
      feed.acknowledge(live, { seq: live.events().at(-1)!.seq })
    }
    expect(live.events()).toHaveLength(50)
    expect(frozen.events().length).toBeLessThan(50)
  })

  it('a page loaded anew starts afresh: what the page before it left unhandled is not held against it', () => {
    const feed = ipcEventFeed({ log: capturingLogger(), maxUnackedBytes: 500 })
    const win = new Window()
    for (let i = 0; i < 50; i++) feed.send(win, delta(`w${i}`))
    const before = win.events().length
    expect(before).toBeLessThan(50) // held
    feed.acknowledge(win, { seq: NEW_PAGE_SEQ }) // the reloaded page subscribes
    feed.send(win, delta('fresh'))
    expect(win.events()).toHaveLength(before + 1)
    expect(win.resumed()).toBe(0) // a new page reads everything itself
  })

  it('ignores acknowledgements that are not a number, and windows already closed', () => {
    const feed = ipcEventFeed({ log: capturingLogger(), maxUnackedBytes: 200 })
    const win = new Window()
    for (let i = 0; i < 20; i++) feed.send(win, delta(`w${i}`))
    const held = win.events().length
    for (const junk of [null, undefined, 'x', { seq: '99' }, { seq: 1.5 }, { seq: Number.NaN }, []]) feed.acknowledge(win, junk)
    feed.send(win, delta('still held'))
    expect(win.events()).toHaveLength(held)
    win.destroyed = true
    feed.acknowledge(win, { seq: Number.MAX_SAFE_INTEGER })
    feed.send(win, delta('closed'))
    expect(win.sent.filter(([c]) => c === IPC_EVENTS_RESUMED_CHANNEL)).toHaveLength(0)
    expect(win.events()).toHaveLength(held)
  })

  it('keeps its bookkeeping small over a long session of acknowledged events', () => {
    const feed = ipcEventFeed({ log: capturingLogger(), maxUnackedBytes: 100_000 })
    const win = new Window()
    for (let i = 0; i < 50_000; i++) {
      feed.send(win, delta('w'))
      if (i % 100 === 99) feed.acknowledge(win, { seq: (win.sent.at(-1)![1] as IpcEventEnvelope).seq })
    }
    expect(50_000 * eventBytes(delta('w'))).toBeGreaterThan(10 * 100_000)
    // Every event went out (none held), though far more bytes than the bound were sent in all.
    expect(win.events()).toHaveLength(50_000)
    expect(win.resumed()).toBe(0)
  })

  it('an event larger than the bound on its own still goes to a window that has handled everything, and events keep flowing', () => {
    const feed = ipcEventFeed({ log: capturingLogger(), maxUnackedBytes: 200 })
    const win = new Window()
    const big = delta('x'.repeat(500))
    feed.send(win, big)
    // Nothing was outstanding: holding it back would leave the window nothing to acknowledge, and so nothing ever again.
    expect(win.events().map(eventOf)).toEqual([big])
    feed.acknowledge(win, { seq: win.events().at(-1)!.seq })
    feed.send(win, delta('next'))
    expect(eventOf(win.events().at(-1)!)).toEqual(delta('next'))
    expect(win.resumed()).toBe(0)
  })
})
