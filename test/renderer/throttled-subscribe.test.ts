import { afterEach, describe, expect, it, vi } from 'vitest'
import { throttledSubscribe } from '../../src/renderer/src/app/throttled-subscribe'
import { UploadQueue } from '../../src/renderer/src/features/files/upload-queue'

afterEach(() => {
  vi.useRealTimers()
})

describe('the uploads panel is drawn at most every so often, however many files change', () => {
  it('a thousand queue changes in a moment tell the panel twice: at once, then once more with the last state', async () => {
    vi.useFakeTimers()
    // Files that never end: each add is a change of the queue (and the first few start uploading).
    const q = new UploadQueue(() => new Promise(() => {}), 4)
    let told = 0
    const off = throttledSubscribe(q.subscribe, 100)(() => told++)
    for (let i = 0; i < 1000; i++) q.add('/', [new File(['x'], `f${i}.txt`)])
    expect(told).toBe(1)
    await vi.advanceTimersByTimeAsync(100)
    expect(told).toBe(2)
    // Nothing changed since: nothing more.
    await vi.advanceTimersByTimeAsync(1000)
    expect(told).toBe(2)
    // Long after, a change is told at once.
    q.cancelAll()
    expect(told).toBe(3)
    off()
    q.cancelAll()
    await vi.advanceTimersByTimeAsync(1000)
    expect(told).toBe(3)
  })

  it('while `now()` holds (a few rows), every change is told at once', () => {
    const q = new UploadQueue(() => new Promise(() => {}), 4)
    let told = 0
    throttledSubscribe(q.subscribe, 100, () => q.snapshot().length <= 40)(() => told++)
    for (let i = 0; i < 40; i++) q.add('/', [new File(['x'], `f${i}.txt`)])
    expect(told).toBeGreaterThanOrEqual(40)
  })
})
