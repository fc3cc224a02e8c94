// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import fc from 'fast-check'
import { createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiFailure } from '../../src/renderer/src/api/client'
import { UploadRows } from '../../src/renderer/src/features/files/UploadRows'
import { MAX_UPLOAD_ROWS, UploadQueue, type UploadOutcome, type UploadRow } from '../../src/renderer/src/features/files/upload-queue'
import { countRows, uploadView } from './upload-reference'
import { useUploadsUnderWay } from '../../src/renderer/src/stores/uploads'
import { IdOrder } from '../../src/renderer/src/features/files/upload-shown'
import { renderWithApp } from './render'

afterEach(() => {
  cleanup()
  useUploadsUnderWay.setState({ waiting: 0 })
})

/*
 * The uploads panel picks the rows to draw among thousands (those being sent, failed, done with no text found or not
 * checked for text, the first few queued, the last few done). It went over every row several times at each draw, and
 * looked for the last few done back across every row still queued: at 5,000 files, tens of thousands of rows visited
 * ten times a second. The queue now keeps those rows by kind as they change; the choice must stay the one a pass over
 * every row makes (uploadView).
 */

const settled = () => new Promise((r) => setTimeout(r, 0))

/** An upload being sent, which the test answers as the node would. */
interface Sending {
  readonly progress: (loaded: number, total: number) => void
  readonly resolve: (outcome: UploadOutcome) => void
  readonly reject: (err: unknown) => void
}

/** The ways an upload ends: stored (with text, none, unknown, asked later) or refused (can be retried, name taken, never). */
const OUTCOMES = [
  (s: Sending) => s.resolve({}),
  (s: Sending) => s.resolve({ noText: true }),
  (s: Sending) => s.resolve({ noTextLater: () => Promise.resolve(true) }),
  (s: Sending) => s.resolve({ noTextLater: () => Promise.resolve(false) }),
  (s: Sending) =>
    s.resolve({
      noTextLater: () => Promise.reject(new TypeError('Failed to fetch'))
    }),
  (s: Sending) => s.reject(new ApiFailure(503, 'Busy', 'busy', [])),
  (s: Sending) => s.reject(new ApiFailure(409, 'Conflict', 'name taken', [])),
  (s: Sending) => s.reject(new ApiFailure(415, 'Unsupported', 'cannot read', []))
]

/** One step of a queue's history: what the operator or the node does (numbers pick a row or an upload). */
const step = fc.oneof(
  fc.record({
    op: fc.constant('add' as const),
    n: fc.integer({ min: 1, max: 25 })
  }),
  fc.record({
    op: fc.constant('progress' as const),
    pick: fc.nat(),
    whole: fc.boolean()
  }),
  fc.record({
    op: fc.constant('end' as const),
    pick: fc.nat(),
    how: fc.nat({ max: OUTCOMES.length - 1 })
  }),
  fc.record({
    op: fc.constantFrom(
      'cancel' as const,
      'retry' as const,
      'replace' as const,
      'dismiss' as const,
      'cancelAll' as const,
      'retryFailed' as const,
      'replaceAll' as const,
      'clearFinished' as const,
      'dismissFailed' as const,
      'folderMoved' as const
    ),
    pick: fc.nat()
  })
)

const idsOf = (rows: readonly UploadRow[]) => rows.map((r) => r.id)

describe('the rows the uploads panel draws', () => {
  it('are those a pass over every row picks, after any history of adds, progress, ends, cancels, retries, replaces and clears', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        const sending: Sending[] = []
        const q = new UploadQueue(
          (_folder, _file, onProgress, signal) =>
            new Promise((resolve, reject) => {
              signal.addEventListener('abort', () => reject(new DOMException('cut', 'AbortError')))
              sending.push({ progress: onProgress, resolve, reject })
            }),
          3,
          60_000
        )
        let made = 0
        const check = () => {
          const rows = q.snapshot()
          const counts = countRows(rows)
          // What the panel draws: the counts and rows of one pass over every row.
          expect(q.view()).toEqual(uploadView(rows, counts))
          expect(q.view()).toBe(q.view())
          // Fewer rows drawn at most, so that the choice among many is made in short histories too.
          for (const max of [4, 8, 16]) {
            if (rows.length > max) expect(q.shownIds(max)).toEqual(idsOf(uploadView(rows, counts, max).shown))
          }
        }
        for (const s of steps) {
          const rows = q.snapshot()
          const row = rows.length > 0 ? rows[('pick' in s ? s.pick : 0) % rows.length]! : undefined
          if (s.op === 'add') {
            q.add(
              '/Inbox',
              Array.from({ length: s.n }, () => new File(['some text'], `f-${made++}.txt`))
            )
          } else if (s.op === 'progress' || s.op === 'end') {
            const at = sending.length > 0 ? s.pick % sending.length : -1
            if (at >= 0 && s.op === 'progress') sending[at]!.progress(s.whole ? 9 : 4, 9)
            if (at >= 0 && s.op === 'end') OUTCOMES[s.how]!(sending.splice(at, 1)[0]!)
          } else if (s.op === 'cancel' && row) q.cancel(row.id)
          else if (s.op === 'retry' && row) q.retry(row.id)
          else if (s.op === 'replace' && row) q.replace(row.id)
          else if (s.op === 'dismiss' && row) q.dismiss(row.id)
          else if (s.op === 'cancelAll') q.cancelAll()
          else if (s.op === 'retryFailed') q.retryFailed()
          else if (s.op === 'replaceAll') q.replaceAllTaken()
          else if (s.op === 'clearFinished') q.clearFinished()
          else if (s.op === 'dismissFailed') q.dismissFailed()
          else if (s.op === 'folderMoved') q.folderMoved('/Inbox', '/Moved')
          check()
          await settled()
          check()
        }
      }),
      { numRuns: 150 }
    )
  }, 120_000)

  it('5,000 files, most still queued: a draw visits the rows it draws, not every row', async () => {
    const n = 5000
    const progress: ((loaded: number, total: number) => void)[] = []
    let sent = 0
    // The first 300 files are stored at once; the next two are held while being sent, and the rest wait.
    const q = new UploadQueue((_folder, file, onProgress) => {
      if (sent++ < 300) return Promise.resolve(undefined)
      progress.push(onProgress)
      onProgress(0, file.size)
      return new Promise(() => {})
    }, 2)
    q.add(
      '/notes',
      Array.from({ length: n }, (_, i) => new File(['x'.repeat(100)], `note-${i}.txt`))
    )
    await waitFor(() => expect(progress).toHaveLength(2))
    expect(q.counts()).toMatchObject({ done: 300, waiting: n - 300 })
    // Each row counts the reads of its state from now on (a row changed is a new object, which does not count).
    let visits = 0
    for (const r of q.snapshot()) {
      const state = r.state
      Object.defineProperty(r, 'state', {
        get() {
          visits++
          return state
        }
      })
    }
    renderWithApp(<UploadRows queue={q} uploadButton={createRef()} />)
    await screen.findByTestId('upload-summary')
    const draws = 5
    for (let i = 1; i <= draws; i++) {
      progress[0]!(i * 10, 100)
      await screen.findByText(`uploading ${i * 10}%`, undefined, {
        timeout: 2000
      })
    }
    const shown = screen.getAllByTestId('upload-row')
    expect(shown.length).toBeLessThanOrEqual(MAX_UPLOAD_ROWS)
    // The first few queued and the last few done are drawn, as before.
    expect(shown.map((r) => r.dataset.state)).toEqual([...Array(5).fill('done'), 'uploading', 'uploading', ...Array(5).fill('queued')])
    // Before: every row several times a draw (over 25,000 visits a draw here). Now the rows drawn at most.
    expect(visits).toBeLessThan((draws + 1) * MAX_UPLOAD_ROWS)
  }, 60_000)
})

describe('the ids kept in order', () => {
  it('are those of a sorted list after any adds and deletes, at either end or between', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            add: fc.boolean(),
            id: fc.integer({ min: 0, max: 400 }),
            k: fc.nat({ max: 50 })
          }),
          { maxLength: 600 }
        ),
        (ops) => {
          const kept = new IdOrder()
          let model: number[] = []
          for (const { add, id, k } of ops) {
            // Mostly the next id added and the first one deleted, as uploads go; any id now and then.
            const which = add ? (k % 4 === 0 ? id : (model.at(-1) ?? 0) + 1) : k % 4 === 0 ? id : (model[0] ?? id)
            if (add) kept.add(which)
            else kept.delete(which)
            model = add ? [...new Set([...model, which])].sort((a, b) => a - b) : model.filter((x) => x !== which)
            expect(kept.size).toBe(model.length)
            expect([...kept.first(k)]).toEqual(model.slice(0, k))
            expect([...kept.last(k)]).toEqual(model.slice(Math.max(0, model.length - k)).reverse())
          }
        }
      ),
      { numRuns: 200 }
    )
  })

  it('are those of a sorted list after bulk adds and deletes (a bulk action’s rows), mixed with single ones', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            add: fc.boolean(),
            ids: fc.uniqueArray(fc.integer({ min: 0, max: 300 }), { maxLength: 40 }),
            k: fc.nat({ max: 50 })
          }),
          { maxLength: 60 }
        ),
        (ops) => {
          const kept = new IdOrder()
          let model: number[] = []
          for (const { add, ids, k } of ops) {
            const sorted = [...ids].sort((a, b) => a - b)
            if (add) kept.addSorted(sorted)
            else kept.deleteAll(new Set(ids))
            model = add ? [...new Set([...model, ...sorted])].sort((a, b) => a - b) : model.filter((x) => !ids.includes(x))
            expect(kept.size).toBe(model.length)
            expect(kept.all()).toEqual(model)
            expect(kept.front()).toBe(model[0])
            expect([...kept.first(k)]).toEqual(model.slice(0, k))
            if (k % 3 === 0 && model.length > 0) {
              kept.delete(model[0]!)
              model = model.slice(1)
            }
          }
        }
      ),
      { numRuns: 200 }
    )
  })

  it('a long run taken from the front (a large folder sent) keeps the rest, and the ids added before them', () => {
    const kept = new IdOrder()
    for (let id = 100; id < 1100; id++) kept.add(id)
    for (let id = 100; id < 900; id++) {
      kept.delete(id)
      expect([...kept.first(2)]).toEqual([id + 1, id + 2])
    }
    kept.add(50) // a file retried, earlier than those left
    kept.add(1100)
    expect(kept.size).toBe(202)
    expect([...kept.first(3)]).toEqual([50, 900, 901])
    expect([...kept.last(2)]).toEqual([1100, 1099])
  })
})
