import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { applyInboxChanges, inboxPageKeys, NEAR_ROWS, PLACE_BLOCK, placeBlocks } from '../../src/renderer/src/api/inbox-pages'
import type { Inbox } from '../../src/shared/contract/inbox'
import { listedInbox as inbox } from './listed-inbox'

describe('placeBlocks: which rows a list reads by place', () => {
  it('none while the visible rows are near the rows read in order (the next page in order comes)', () => {
    expect(placeBlocks(0, 10, 0)).toEqual([])
    expect(placeBlocks(140, 150, 50)).toEqual([])
    expect(placeBlocks(50 + NEAR_ROWS, 50 + NEAR_ROWS + 10, 50)).toEqual([])
  })
  it('far past them, the blocks the visible rows fall in, a few at most', () => {
    expect(placeBlocks(99_990, 99_999, 50)).toEqual([Math.floor(99_990 / PLACE_BLOCK)])
    expect(placeBlocks(1_095, 1_105, 50)).toEqual([10, 11])
    expect(placeBlocks(1_000, 9_000, 50)).toHaveLength(4)
  })
})

describe('a block read by place, when inboxes change', () => {
  const filter = { showHidden: false, pinned: false }
  const rows = [inbox(1, '2026-01-01T00:00:03.000Z'), inbox(2, '2026-01-01T00:00:02.000Z'), inbox(3, '2026-01-01T00:00:01.000Z')]
  const setUp = () => {
    const qc = new QueryClient()
    let fetches = 0
    const key = inboxPageKeys.place(filter, 7)
    const observer = new QueryObserver(qc, {
      queryKey: key,
      queryFn: () => {
        fetches++
        return Promise.resolve(rows)
      },
      staleTime: Infinity
    })
    const stop = observer.subscribe(() => {})
    return { qc, key, fetches: () => fetches, stop }
  }

  it('drops a removed inbox, one hidden (hidden ones not shown) and one that moved; shows a rename; asks the node nothing at once', async () => {
    const { qc, key, fetches, stop } = setUp()
    await expect.poll(() => qc.getQueryData(key)).toEqual(rows)
    const renamed = { ...rows[2]!, custom_name: 'renamed' }
    applyInboxChanges(qc, new Map([[rows[0]!.inbox_id, null]]))
    expect((qc.getQueryData<Inbox[]>(key) ?? []).map((i) => i.inbox_id)).toEqual([rows[1]!.inbox_id, rows[2]!.inbox_id])
    applyInboxChanges(qc, new Map([[rows[2]!.inbox_id, renamed]]))
    expect(qc.getQueryData<Inbox[]>(key)!.map((i) => i.custom_name)).toEqual(['inbox 2', 'renamed'])
    applyInboxChanges(qc, new Map([[rows[1]!.inbox_id, { ...rows[1]!, is_hidden: true }]]))
    expect(qc.getQueryData<Inbox[]>(key)!.map((i) => i.custom_name)).toEqual(['renamed'])
    // New activity takes an inbox to the top of the list: it is no longer in this block.
    applyInboxChanges(qc, new Map([[rows[2]!.inbox_id, { ...renamed, datetime_created: '2026-11-01T00:00:00.000Z' }]]))
    expect(qc.getQueryData<Inbox[]>(key)).toEqual([])
    await new Promise((r) => setTimeout(r, 20))
    expect(fetches()).toBe(1)
    // The places of the rest may have shifted: the block is read again when it is next shown.
    expect(qc.getQueryState(key)!.isInvalidated).toBe(true)
    stop()
  })
})
