import { describe, expect, it } from 'vitest'
import { ApiFailure } from '../../src/renderer/src/api/client'
import { UploadQueue, type UploadRow } from '../../src/renderer/src/features/files/upload-queue'
import { countRows } from './upload-reference'

/*
 * The uploads panel's bulk buttons (Cancel all, Clear finished, Dismiss failed, Retry failed, Replace all) went over
 * every row at each click, and Clear finished and Dismiss failed then went over the rows kept again to list them by
 * kind: at 5,000 files, 10,000 rows and more visited for the few rows a button acts on. Each now goes over the rows
 * of the kind it acts on only (the queue keeps them listed by kind), and leaves the rows and counts as before.
 */

const settled = () => new Promise((r) => setTimeout(r, 0))

/**
 * 4,000 files stored, 10 refused by a busy node (Retry), 10 refused for names their folder has (Replace), 2 held
 * while being sent and 1,000 still queued behind them.
 */
async function bigQueue() {
  const sent: string[] = []
  const q = new UploadQueue((_folder, file, _progress, signal) => {
    sent.push(file.name)
    if (file.name.startsWith('busy-')) return Promise.reject(new ApiFailure(503, 'Busy', 'The node is busy.', []))
    if (file.name.startsWith('taken-')) return Promise.reject(new ApiFailure(409, 'Conflict', 'A file of that name is there.', []))
    if (file.name.startsWith('held-'))
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('cut', 'AbortError'))))
    return Promise.resolve(undefined)
  }, 2)
  const names = [
    ...Array.from({ length: 4000 }, (_, i) => `stored-${i}.txt`),
    ...Array.from({ length: 10 }, (_, i) => `busy-${i}.txt`),
    ...Array.from({ length: 10 }, (_, i) => `taken-${i}.txt`),
    'held-0.txt',
    'held-1.txt',
    ...Array.from({ length: 1000 }, (_, i) => `queued-${i}.txt`)
  ]
  q.add(
    '/notes',
    names.map((n) => new File([`${n} holds a line.`], n))
  )
  await expect.poll(() => q.counts().waiting, { timeout: 20_000 }).toBe(1002)
  expect(q.counts()).toMatchObject({ done: 4000, failed: 20, retryable: 10, taken: 10 })
  return { q, sent }
}

/** Counts the rows whose state is read from now on (a row changed is a new object, whose reads do not count). */
function countVisits(rows: readonly UploadRow[]): () => number {
  const visited = new Set<UploadRow>()
  for (const r of rows) {
    const state = r.state
    Object.defineProperty(r, 'state', {
      enumerable: true,
      get() {
        visited.add(r)
        return state
      }
    })
  }
  return () => visited.size
}

/** One click: its cost in rows visited and time (printed: the measure asked for), and the counts after it. */
function click(q: UploadQueue, what: string, act: () => void): number {
  const visits = countVisits(q.snapshot())
  const started = performance.now()
  act()
  const ms = performance.now() - started
  const visited = visits()
  console.log(`${what}: ${visited} rows visited of ${q.size()}, ${ms.toFixed(1)} ms`)
  expect(q.counts()).toEqual(countRows(q.snapshot()))
  return visited
}

describe('the uploads panel’s bulk buttons among 5,000 files', () => {
  it('Dismiss failed, Retry failed and Replace all visit the 20 failed rows, not every row', async () => {
    const { q, sent } = await bigQueue()
    // Retry sends the 10 busy ones again, first in the queue (before the 1,000 queued after them), in their order.
    expect(click(q, 'Retry failed', () => q.retryFailed())).toBeLessThanOrEqual(20)
    expect(q.counts()).toMatchObject({ failed: 10, taken: 10, retryable: 0, waiting: 1012 })
    expect(
      q
        .snapshot()
        .filter((r) => r.state.kind === 'queued')
        .slice(0, 10)
        .map((r) => r.name)
    ).toEqual(Array.from({ length: 10 }, (_, i) => `busy-${i}.txt`))
    const ids = q.takenIds()
    expect(ids).toHaveLength(10)
    expect(click(q, 'Replace all', () => q.replaceAllTaken(ids))).toBeLessThanOrEqual(20)
    expect(q.counts()).toMatchObject({ failed: 0, waiting: 1022 })
    expect(
      q
        .snapshot()
        .filter((r) => r.state.kind === 'queued')
        .slice(0, 20)
        .map((r) => r.name)
    ).toEqual([...Array.from({ length: 10 }, (_, i) => `busy-${i}.txt`), ...Array.from({ length: 10 }, (_, i) => `taken-${i}.txt`)])
    expect(
      q
        .snapshot()
        .filter((r) => r.replace)
        .map((r) => r.name)
    ).toEqual(Array.from({ length: 10 }, (_, i) => `taken-${i}.txt`))
    // Let the held ones go: the retried files are sent next, in their order, and fail again (busy, name taken);
    // the 1,000 queued after them are stored.
    q.cancel(q.snapshot().find((r) => r.name === 'held-0.txt')!.id)
    q.cancel(q.snapshot().find((r) => r.name === 'held-1.txt')!.id)
    await expect.poll(() => q.counts().waiting).toBe(0)
    expect(q.counts()).toMatchObject({ failed: 20, done: 5000, cancelled: 2 })
    expect(sent.slice(4022, 4042)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `busy-${i}.txt`),
      ...Array.from({ length: 10 }, (_, i) => `taken-${i}.txt`)
    ])
    await settled()
    const visits = click(q, 'Dismiss failed', () => q.dismissFailed())
    expect(visits).toBeLessThanOrEqual(20)
    expect(q.counts()).toMatchObject({ failed: 0, done: 5000, cancelled: 2, total: 5002 })
  }, 60_000)

  it('Cancel all visits the 1,002 rows waiting, and Clear finished the 5,002 done or cancelled, not every row', async () => {
    const { q } = await bigQueue()
    expect(click(q, 'Cancel all', () => q.cancelAll())).toBeLessThanOrEqual(1002)
    await settled()
    expect(q.counts()).toMatchObject({ waiting: 0, cancelled: 1002, done: 4000, failed: 20 })
    // The 20 failed rows stay listed, with what to do about each.
    expect(click(q, 'Clear finished', () => q.clearFinished())).toBeLessThanOrEqual(5002)
    expect(q.snapshot().map((r) => r.name)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `busy-${i}.txt`),
      ...Array.from({ length: 10 }, (_, i) => `taken-${i}.txt`)
    ])
    expect(q.counts()).toMatchObject({ total: 20, failed: 20, done: 0, cancelled: 0 })
  }, 60_000)

  it('Clear finished visits the finished rows only, however many still wait', async () => {
    const { q } = await bigQueue()
    q.dismissFailed()
    // 4,000 stored: forgotten; then a few more stored while 1,000 still wait.
    expect(click(q, 'Clear finished (4,000 done)', () => q.clearFinished())).toBeLessThanOrEqual(4000)
    expect(q.counts()).toMatchObject({ total: 1002, waiting: 1002, done: 0 })
    // One queued file cancelled among the 1,000: Clear finished visits it, and keeps the rest in their order.
    q.cancel(q.snapshot().find((r) => r.name === 'queued-500.txt')!.id)
    expect(click(q, 'Clear finished (1 cancelled)', () => q.clearFinished())).toBeLessThanOrEqual(1)
    expect(q.counts()).toMatchObject({ total: 1001, cancelled: 0, waiting: 1001 })
    expect(q.snapshot().map((r) => r.name)).toEqual([
      'held-0.txt',
      'held-1.txt',
      ...Array.from({ length: 1000 }, (_, i) => `queued-${i}.txt`).filter((n) => n !== 'queued-500.txt')
    ])
  }, 60_000)
})
