import { describe, expect, it } from 'vitest'
import { ApiFailure } from '../../src/renderer/src/api/client'
import { UploadQueue, type UploadOutcome } from '../../src/renderer/src/features/files/upload-queue'
import { countRows, uploadView } from './upload-reference'

/*
 * The uploads panel counted every row at each draw (done, failed, waiting…): at 5,000 files, one pass over them
 * all several times a second. The queue now keeps the counts as its rows change. They must be the counts of its
 * rows after every kind of change, or the summary says "4,990 of 5,000 done" of a folder uploaded whole.
 */

/** An upload the test answers: as the node would (stored, refused) or the operator (its bytes going out). */
interface Sending {
  readonly progress: (loaded: number, total: number) => void
  readonly stored: (outcome?: UploadOutcome) => void
  readonly refused: (err: unknown) => void
  readonly signal: AbortSignal
}

function queueOf(parallel: number) {
  const sending = new Map<string, Sending>()
  const q = new UploadQueue(
    (_folder, file, onProgress, signal) =>
      new Promise((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new DOMException('cut', 'AbortError')))
        sending.set(file.name, { progress: onProgress, stored: (o) => resolve(o), refused: reject, signal })
      }),
    parallel,
    60_000
  )
  /** The upload of `name`, once it is being sent (taken from those being sent). */
  const take = async (name: string): Promise<Sending> => {
    await expect.poll(() => sending.has(name)).toBe(true)
    const s = sending.get(name)!
    sending.delete(name)
    return s
  }
  return { q, take }
}

const files = (...names: string[]) => names.map((n) => new File([`${n} holds a line of text.`], n))
const settled = () => new Promise((r) => setTimeout(r, 0))
const failure = (status: number, message = 'refused') => new ApiFailure(status, 'Error', message, [])

describe("the upload queue's counts", () => {
  it('are the counts of its rows after adds, progress, stores, failures, cancels, retries, replaces, dismissals and clears', async () => {
    const { q, take } = queueOf(2)
    // After each step: the counts kept are those of the rows, and the same object until the rows change.
    const check = () => {
      const counts = q.counts()
      expect(counts).toEqual(countRows(q.snapshot()))
      expect(q.counts()).toBe(counts)
      expect(uploadView(q.snapshot(), counts)).toEqual(uploadView(q.snapshot()))
      // What the panel draws, kept by the queue: the counts and rows of a pass over every row.
      expect(q.view()).toEqual(uploadView(q.snapshot(), counts))
      return counts
    }
    q.add('/Inbox', files('a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt', 'f.txt', 'g.txt'))
    expect(check()).toMatchObject({ total: 7, waiting: 7, cancellable: 7, done: 0 })

    const a = await take('a.txt')
    const b = await take('b.txt')
    a.progress(5, 24)
    check()
    b.progress(24, 24) // sent whole: no longer cancellable
    expect(check()).toMatchObject({ waiting: 7, cancellable: 6 })

    a.stored()
    await settled()
    expect(check()).toMatchObject({ done: 1, waiting: 6 })
    b.refused(failure(500, 'the disk is full')) // retryable
    await settled()
    expect(check()).toMatchObject({ failed: 1, retryable: 1, taken: 0 })

    const c = await take('c.txt')
    const d = await take('d.txt')
    c.refused(failure(409, 'a file named c.txt is there')) // its name is taken: Replace
    d.refused(failure(415, 'not a document')) // refused for what it is: neither
    await settled()
    expect(check()).toMatchObject({ failed: 3, retryable: 1, taken: 1 })

    const e = await take('e.txt')
    // Stored, its text still asked of the node: it is waiting, no longer cancellable.
    let answer!: (none: boolean) => void
    e.stored({ noTextLater: () => new Promise((r) => (answer = r)) })
    await settled()
    expect(check()).toMatchObject({ waiting: 3, cancellable: 2 })
    const f = await take('f.txt')
    q.cancel(q.snapshot().find((r) => r.name === 'f.txt')!.id)
    await settled()
    expect(f.signal.aborted).toBe(true)
    expect(check()).toMatchObject({ cancelled: 1 })
    answer(true)
    await settled()
    expect(check()).toMatchObject({ done: 2, noText: 1 })

    const g = await take('g.txt')
    q.add('/Inbox', files('h.txt', 'i.txt'))
    check()
    q.cancelAll() // g is being sent (cut), h and i queued
    await settled()
    expect(g.signal.aborted).toBe(true)
    expect(check()).toMatchObject({ cancelled: 4, waiting: 0, cancellable: 0 })

    q.folderMoved('/Inbox', '/Mail')
    check()
    q.retryFailed() // b only: c waits for Replace, d cannot succeed again
    expect(check()).toMatchObject({ failed: 2, retryable: 0, taken: 1, waiting: 1 })
    ;(await take('b.txt')).stored({ noText: true })
    await settled()
    expect(check()).toMatchObject({ done: 3, noText: 2, waiting: 0 })

    q.replace(q.snapshot().find((r) => r.name === 'c.txt')!.id)
    expect(check()).toMatchObject({ taken: 0, waiting: 1 })
    ;(await take('c.txt')).refused(failure(503, 'busy'))
    await settled()
    expect(check()).toMatchObject({ failed: 2, retryable: 1 })
    q.retry(q.snapshot().find((r) => r.name === 'c.txt')!.id)
    check()
    ;(await take('c.txt')).stored()
    await settled()
    expect(check()).toMatchObject({ done: 4, failed: 1, waiting: 0 })

    q.dismiss(q.snapshot().find((r) => r.name === 'd.txt')!.id)
    expect(check()).toMatchObject({ failed: 0, total: 8 })
    q.add('/Mail', files('j.txt'))
    ;(await take('j.txt')).refused(failure(500))
    await settled()
    q.clearFinished()
    expect(check()).toMatchObject({ total: 1, done: 0, cancelled: 0, failed: 1 })
    q.dismissFailed()
    expect(check()).toEqual({
      total: 0,
      done: 0,
      noText: 0,
      textUnknown: 0,
      failed: 0,
      retryable: 0,
      taken: 0,
      cancelled: 0,
      waiting: 0,
      cancellable: 0
    })
  })

  it('stay right over thousands of files', async () => {
    const { q, take } = queueOf(4)
    const names = Array.from({ length: 3000 }, (_, i) => `note-${i}.txt`)
    q.add('/Bulk', files(...names))
    for (const [i, n] of names.entries()) {
      const s = await take(n)
      if (i % 10 === 0) s.refused(failure(500))
      else s.stored(i % 7 === 0 ? { noText: true } : undefined)
    }
    await q.idle()
    const counts = q.counts()
    expect(counts).toEqual(countRows(q.snapshot()))
    expect(counts).toMatchObject({ total: 3000, done: 2700, failed: 300, waiting: 0 })
  }, 30_000)
})
