import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { folderRefresher } from '../../src/renderer/src/api/folder-refresh'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A listing read that takes `ms` (a slow node, a big folder); the times its reads started. */
function slowReads(ms: number) {
  const starts: number[] = []
  let running = 0
  let overlapped = false
  const refresh = folderRefresher(async () => {
    starts.push(Date.now())
    if (++running > 1) overlapped = true
    await new Promise((r) => setTimeout(r, ms))
    running--
  })
  return { refresh, starts, overlapped: () => overlapped }
}

describe("a folder's listing told changed", () => {
  it('is read at once, never twice at a time, and once more after a change told during a read', async () => {
    const { refresh, starts, overlapped } = slowReads(100)
    const t0 = Date.now()
    refresh('/Bulk')
    refresh('/Bulk')
    refresh('/Bulk')
    expect(starts).toEqual([t0])
    await vi.advanceTimersByTimeAsync(5_000)
    // The second read after the first ended, spaced by 10 times what it took.
    expect(starts).toEqual([t0, t0 + 100 + 1_000])
    expect(overlapped()).toBe(false)
  })

  it('after a read the node took long to answer (busy), a change is still read within 10 s, not ten times that read later', async () => {
    const { refresh, starts } = slowReads(5_000)
    const t0 = Date.now()
    refresh('/Bulk')
    await vi.advanceTimersByTimeAsync(5_000)
    refresh('/Bulk')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(starts).toEqual([t0, t0 + 15_000])
  })
})
