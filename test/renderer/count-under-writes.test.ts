import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { connectEvents } from '../../src/renderer/src/api/events'
import { inboxPageKeys, type InboxPages } from '../../src/renderer/src/api/inbox-pages'
import type { NodeEvent } from '../../src/shared/contract/events'
import { objectBridgeTransport } from './object-bridge'
import { listedInbox } from './listed-inbox'

/*
 * A script writes messages to a few conversations all along (the 100,000-inbox e2e writes ten every
 * ~150 ms) while the operator deletes a conversation far down the list, whose rows are not loaded: the
 * window cannot tell from its rows whether the count changed, so it reads the count from the node, and
 * writes the answer only if no change that could move a count came while it was read. A message stored
 * was such a change: with one every 100 ms and a node taking 150 ms to answer, no read was ever written
 * and the list said "100 inboxes" for as long as the script wrote.
 */

const filter = { showHidden: false, pinned: false }
let stop: () => void = () => {}
afterEach(() => stop())

function windowWithList(nodeCount: () => number) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  const loaded = [listedInbox(1, '2026-01-01T00:00:09.000Z'), listedInbox(2, '2026-01-01T00:00:08.000Z')]
  qc.setQueryData<InboxPages>(inboxPageKeys.pages(filter), {
    pages: [{ inboxes: loaded, hasNextPage: true, total_count: 100, next: loaded[1]!.inbox_id }],
    pageParams: [undefined]
  })
  const listeners = new Set<(e: NodeEvent) => void>()
  let countReads = 0
  const transport = objectBridgeTransport({
    async request(req) {
      if (req.path !== '/v2/all_inboxes_paginated') return { status: 404, body: { code: 404, error: 'Not Found', message: req.path } }
      countReads++
      const total_count = nodeCount()
      await new Promise((r) => setTimeout(r, 150)) // a busy node
      return { status: 200, body: { inboxes: [], hasNextPage: true, total_count } }
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  })
  const disconnect = connectEvents(transport, qc)
  const emit = (event: NodeEvent) => listeners.forEach((l) => l(event))
  const count = () => qc.getQueryData<InboxPages>(inboxPageKeys.pages(filter))?.pages[0]?.total_count
  return { emit, count, loaded, disconnect, reads: () => countReads }
}

describe('the list count while a script writes messages elsewhere', () => {
  it('a conversation removed far down the list is counted out within seconds, though messages keep arriving', async () => {
    let nodeCount = 100
    const w = windowWithList(() => nodeCount)
    let n = 0
    const writer = setInterval(() => {
      const row = w.loaded[n++ % 2]!
      // A change that moves no count (as a message stored: the same flags), told as often as the script writes.
      w.emit({ type: 'inbox_changed', data: { inbox_id: row.inbox_id, inbox: { ...row, custom_name: `${row.custom_name} (${n})` } } })
    }, 100)
    stop = () => {
      clearInterval(writer)
      w.disconnect()
    }
    nodeCount = 99
    w.emit({ type: 'inbox_changed', data: { inbox_id: 'job_inbox::jobid_far::false', inbox: null } })
    await expect.poll(w.count, { timeout: 4000, interval: 100 }).toBe(99)
    expect(w.reads()).toBeGreaterThan(0)
  })

  it('a conversation hidden while its count is read still holds the read back (it moves a count)', async () => {
    let nodeCount = 100
    const w = windowWithList(() => nodeCount)
    stop = () => w.disconnect()
    nodeCount = 99
    w.emit({ type: 'inbox_changed', data: { inbox_id: 'job_inbox::jobid_far::false', inbox: null } })
    // The count read goes out after its wait; a row hidden meanwhile (its patch counts it out: 99 -> 98) makes it read again.
    await expect.poll(w.reads, { timeout: 3000, interval: 20 }).toBe(1)
    nodeCount = 98
    w.emit({ type: 'inbox_changed', data: { inbox_id: w.loaded[0]!.inbox_id, inbox: { ...w.loaded[0]!, is_hidden: true } } })
    await expect.poll(w.count, { timeout: 4000, interval: 50 }).toBe(98)
    await new Promise((r) => setTimeout(r, 1500))
    expect(w.count()).toBe(98)
  })
})
