// @vitest-environment happy-dom
import { cleanup } from '@testing-library/react'
import { createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { UploadRows } from '../../src/renderer/src/features/files/UploadRows'
import { countUploadsInNavigation } from '../../src/renderer/src/features/files/upload-nav-count'
import { UploadQueue } from '../../src/renderer/src/features/files/upload-queue'
import { useUploadsUnderWay } from '../../src/renderer/src/stores/uploads'
import { renderWithApp } from './render'

afterEach(() => {
  cleanup()
  useUploadsUnderWay.setState({ waiting: 0 })
})

/*
 * A folder of 5,000 small files sent from the Files page: each file's end changed the queue 3-4 times, and each change
 * copied the whole list of rows, so the window's work per file grew with the number of files (quadratic in all), and
 * each file's end redrew the navigation's count beside Files.
 */

/** Elements visited by the array methods that copy or search a whole list, on lists of at least `min` items, while `run` runs. */
async function elementsVisited(min: number, run: () => Promise<void>): Promise<number> {
  const names = ['map', 'filter', 'find', 'findIndex', 'slice', 'concat', 'forEach', 'some', 'every'] as const
  const proto = Array.prototype as unknown as Record<string, (...args: unknown[]) => unknown>
  const saved = names.map((n) => proto[n]!)
  let visited = 0
  names.forEach((n, i) => {
    const original = saved[i]!
    proto[n] = function (this: unknown[], ...args: unknown[]) {
      if (this.length >= min) visited += this.length
      return original.apply(this, args)
    }
  })
  try {
    await run()
  } finally {
    names.forEach((n, i) => (proto[n] = saved[i]!))
  }
  return visited
}

const filesOf = (n: number) => Array.from({ length: n }, (_, i) => new File([`note ${i}`], `note-${i}.txt`))

/** Per file uploaded: the elements of the row list visited, and the queue's events. */
async function costPerFile(n: number, panel = false) {
  const q = new UploadQueue(async (_folder, file, onProgress) => {
    onProgress(file.size, file.size)
    await Promise.resolve()
    return undefined
  }, 4)
  if (panel) renderWithApp(<UploadRows queue={q} uploadButton={createRef()} />)
  let events = 0
  q.subscribe(() => events++)
  const started = Date.now()
  const visited = await elementsVisited(n, async () => {
    q.add('/notes', filesOf(n))
    await q.idle()
  })
  expect(q.snapshot().filter((r) => r.state.kind === 'done')).toHaveLength(n)
  return { visited: visited / n, events: events / n, ms: Date.now() - started }
}

describe('the upload queue does the same work per file however many files are queued', () => {
  it('100 or 2,000 files queued: no copy nor search of the whole row list per file, as many events per file', async () => {
    const few = await costPerFile(100)
    const many = await costPerFile(2000)
    // Before: 4-5 whole-list copies per file (about 450 elements per file at 100, 9,000 at 2,000).
    expect(many.visited).toBeLessThanOrEqual(few.visited + 5)
    expect(many.visited).toBeLessThan(50)
    expect(many.events).toBeLessThanOrEqual(few.events + 0.01)
  })

  it('with the uploads panel drawn, the rows are copied once per drawing (at most every 100 ms), not once per change', async () => {
    const n = 2000
    const { visited, ms } = await costPerFile(n, true)
    // A drawing reads the rows a few times (the copy, the counts, the rows shown); before, every change copied them.
    const drawings = ms / 100 + 5
    expect(visited * n).toBeLessThan(drawings * 10 * n)
  })
})

describe('the count beside Files follows a large queue without being set at each file', () => {
  it('2,000 files: shown at once, set at most every 100 ms meanwhile, and gone at once when the last one ends', async () => {
    const n = 2000
    const q = new UploadQueue(async () => {
      await Promise.resolve()
      return undefined
    }, 4)
    countUploadsInNavigation(q)
    let sets = 0
    const off = useUploadsUnderWay.subscribe((s, before) => {
      if (s.waiting !== before.waiting) sets++
    })
    const started = Date.now()
    q.add('/notes', filesOf(n))
    // Told at once that uploads are under way (the close-window guard reads it).
    expect(useUploadsUnderWay.getState().waiting).toBe(n)
    await q.idle()
    const ms = Date.now() - started
    expect(useUploadsUnderWay.getState().waiting).toBe(0)
    off()
    // Before: set once per file (2,000 times).
    expect(sets).toBeLessThanOrEqual(ms / 100 + 3)
    expect(sets).toBeLessThan(n / 4)
  })

  it('a few files: the count follows each one at once', async () => {
    const finish: (() => void)[] = []
    const q = new UploadQueue(() => new Promise((resolve) => finish.push(() => resolve(undefined))), 1)
    countUploadsInNavigation(q)
    q.add('/notes', filesOf(3))
    expect(useUploadsUnderWay.getState().waiting).toBe(3)
    finish.shift()!()
    await new Promise((r) => setTimeout(r, 0))
    expect(useUploadsUnderWay.getState().waiting).toBe(2)
  })
})
