import { IPC_EVENT_CHANNEL, IPC_EVENTS_RESUMED_CHANNEL, NEW_PAGE_SEQ, type IpcEventEnvelope } from '../../shared/bridge'
import type { NodeEvent } from '../../shared/contract/events'
import type { Logger } from '../platform/logger'

/** The part of a window's webContents the feed uses. */
export interface WindowContents {
  send(channel: string, payload?: unknown): void
  isDestroyed(): boolean
}

/**
 * Unhandled event bytes a window may have before it is sent nothing more: the same bound as an
 * HTTP event stream's unread bytes (http.ts). Electron's send queues without limit in the main
 * process for a renderer that is hung, so a node answering all night to a frozen window would
 * otherwise grow until it ran out of memory.
 */
export const MAX_UNACKED_EVENT_BYTES = 8 * 1024 * 1024

interface Feed {
  /** [seq, bytes] of each event sent and not yet acknowledged, oldest first from `head`. */
  sent: [number, number][]
  head: number
  unackedBytes: number
  /** Events were dropped for this window since it stopped acknowledging. */
  held: boolean
}

export interface IpcEventFeed {
  /** Sends the event to the window, unless the window is too far behind (then it will be told to read again). */
  send(target: WindowContents, event: NodeEvent): void
  /** The window's acknowledgement (IPC_EVENT_ACK_CHANNEL): `{ seq }`, the last event it handled. Anything else is ignored. */
  acknowledge(target: WindowContents, payload: unknown): void
}

/**
 * Events for the desktop windows with flow control: each window acknowledges what it has handled;
 * past `maxUnackedBytes` unacknowledged it is sent nothing more, and once it has acknowledged all
 * it was sent it is told, on IPC_EVENTS_RESUMED_CHANNEL, to read again what the dropped events changed
 * (as the HTTP event stream's reconnect does).
 */
export function ipcEventFeed(options: { readonly log: Logger; readonly maxUnackedBytes?: number }): IpcEventFeed {
  const max = options.maxUnackedBytes ?? MAX_UNACKED_EVENT_BYTES
  const feeds = new WeakMap<WindowContents, Feed>()
  let seq = 0
  const feedOf = (target: WindowContents) => {
    let feed = feeds.get(target)
    if (!feed) feeds.set(target, (feed = { sent: [], head: 0, unackedBytes: 0, held: false }))
    return feed
  }
  const forget = (feed: Feed) => {
    feed.sent = []
    feed.head = 0
    feed.unackedBytes = 0
  }

  return {
    send(target, event) {
      if (target.isDestroyed()) return
      const feed = feedOf(target)
      if (feed.held) return
      const json = JSON.stringify(event)
      const bytes = json.length
      // Held only while something is outstanding: an event over the bound on its own, held from a
      // window that has handled everything, would leave it nothing to acknowledge, so nothing ever again.
      if (feed.unackedBytes > 0 && feed.unackedBytes + bytes > max) {
        feed.held = true
        options.log.info(`a window stopped handling events (${feed.unackedBytes} bytes unhandled): none are sent to it until it catches up`)
        return
      }
      seq += 1
      feed.sent.push([seq, bytes])
      feed.unackedBytes += bytes
      const envelope: IpcEventEnvelope = { seq, json }
      target.send(IPC_EVENT_CHANNEL, envelope)
    },
    acknowledge(target, payload) {
      const acked = (payload as { seq?: unknown } | null)?.seq
      if (typeof acked !== 'number' || !Number.isSafeInteger(acked)) return
      const feed = feeds.get(target)
      if (!feed) return
      if (acked === NEW_PAGE_SEQ) {
        // A page just loaded reads everything itself: what the page before it had not handled is moot.
        forget(feed)
        feed.held = false
        return
      }
      while (feed.head < feed.sent.length && feed.sent[feed.head]![0] <= acked) feed.unackedBytes -= feed.sent[feed.head++]![1]
      if (feed.head === feed.sent.length) forget(feed)
      else if (feed.head > 1024 && feed.head * 2 > feed.sent.length) {
        feed.sent = feed.sent.slice(feed.head)
        feed.head = 0
      }
      if (feed.held && feed.unackedBytes === 0) {
        feed.held = false
        if (!target.isDestroyed()) target.send(IPC_EVENTS_RESUMED_CHANNEL)
      }
    }
  }
}
