import type { UploadState } from './upload-queue'

/**
 * Row ids in increasing order, which is the rows' order: ids are given as rows are added, and rows never move.
 * Most changes come at either end (the next queued file starts, the last one sent ends): those cost O(1); one in the
 * middle (a retried file, a cancelled one) moves the ids after it.
 */
export class IdOrder {
  private ids: number[] = []
  /** The ids before it are gone (taken from the front without moving the rest). */
  private head = 0

  get size(): number {
    return this.ids.length - this.head
  }

  add(id: number): void {
    const ids = this.ids
    if (this.size === 0 || ids[ids.length - 1]! < id) {
      ids.push(id)
      return
    }
    const i = this.find(id)
    if (ids[i] === id) return
    if (i === this.head && this.head > 0) ids[--this.head] = id
    else ids.splice(i, 0, id)
  }

  delete(id: number): void {
    const ids = this.ids
    const i = this.find(id)
    if (i >= ids.length || ids[i] !== id) return
    if (i > this.head) {
      ids.splice(i, 1)
      return
    }
    this.head++
    if (this.head === ids.length) this.clear()
    else if (this.head > 16 && this.head * 2 > ids.length) {
      // The ids taken from the front are let go once they are half the array: O(1) a deletion over time.
      this.ids = ids.slice(this.head)
      this.head = 0
    }
  }

  clear(): void {
    this.ids = []
    this.head = 0
  }

  /** Every id, in order (a copy: the list may change while it is gone over). */
  all(): number[] {
    return this.ids.slice(this.head)
  }

  /**
   * Several ids at once, `sorted` increasing (a bulk action's rows): merged in one pass over the list, where one
   * insertion each in the middle moved the ids after it once per id.
   */
  addSorted(sorted: readonly number[]): void {
    if (sorted.length < 8) {
      for (const id of sorted) this.add(id)
      return
    }
    const old = this.all()
    const out: number[] = []
    let i = 0
    let j = 0
    while (i < old.length || j < sorted.length) {
      const next = j >= sorted.length || (i < old.length && old[i]! <= sorted[j]!) ? old[i++]! : sorted[j++]!
      if (out.length === 0 || out[out.length - 1]! !== next) out.push(next)
    }
    this.ids = out
    this.head = 0
  }

  /** Several ids taken out at once: one pass over the list, not one move of the ids after each. */
  deleteAll(gone: ReadonlySet<number>): void {
    if (gone.size < 8) {
      for (const id of gone) this.delete(id)
      return
    }
    this.ids = this.all().filter((id) => !gone.has(id))
    this.head = 0
  }

  /** The first id, if any. */
  front(): number | undefined {
    return this.ids[this.head]
  }

  /** The first `k` ids. */
  *first(k: number): Generator<number> {
    const end = Math.min(this.ids.length, this.head + Math.max(0, k))
    for (let i = this.head; i < end; i++) yield this.ids[i]!
  }

  /** The last `k` ids, the last one first. */
  *last(k: number): Generator<number> {
    const end = Math.max(this.head, this.ids.length - Math.max(0, k))
    for (let i = this.ids.length - 1; i >= end; i--) yield this.ids[i]!
  }

  /** Where `id` is, or would go: the first index from head whose id is not below it. */
  private find(id: number): number {
    let lo = this.head
    let hi = this.ids.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.ids[mid]! < id) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

/**
 * A row done that the operator must be able to find among thousands: no text was found in it, or the node did not
 * say whether there is any (it was not checked for text).
 */
export const isDoneUnchecked = (s: UploadState): boolean => s.kind === 'done' && (s.noText === true || s.textUnknown === true)

/**
 * The rows of each kind the uploads panel draws among many, kept in order as the rows change, so that picking the
 * rows to draw goes over those drawn only: it went over every row several times a draw (5,000 files, 10 draws a second),
 * and looked for the last few done ones back across every row still queued.
 */
export class ShownRows {
  private readonly uploading = new IdOrder()
  private readonly failed = new IdOrder()
  private readonly unchecked = new IdOrder()
  private readonly queued = new IdOrder()
  private readonly done = new IdOrder()
  /** Not drawn among many, but kept so that Clear finished finds them without a pass over every row. */
  private readonly cancelled = new IdOrder()

  /** The lists a row of state `s` is in. */
  private listsOf(s: UploadState): IdOrder[] {
    if (s.kind === 'uploading') return [this.uploading]
    if (s.kind === 'failed') return [this.failed]
    if (s.kind === 'queued') return [this.queued]
    if (s.kind === 'done') return isDoneUnchecked(s) ? [this.done, this.unchecked] : [this.done]
    return [this.cancelled]
  }

  /** The ids of the rows of a kind, in the rows' order (a copy): what a bulk action goes over instead of every row. */
  ids(kind: UploadState['kind']): number[] {
    return this.listOf(kind).all()
  }

  /** The first queued row's id: the next file to send. */
  firstQueued(): number | undefined {
    return this.queued.front()
  }

  private listOf(kind: UploadState['kind']): IdOrder {
    if (kind === 'uploading') return this.uploading
    if (kind === 'failed') return this.failed
    if (kind === 'queued') return this.queued
    if (kind === 'done') return this.done
    return this.cancelled
  }

  /**
   * Many rows changed at once (`was` undefined: the row is new; `now` undefined: it is gone), each list changed in one
   * pass: a bulk action over thousands of rows moved ids in the lists once per row.
   */
  moveAll(changes: readonly { readonly id: number; readonly was?: UploadState; readonly now?: UploadState }[]): void {
    const gone = new Map<IdOrder, Set<number>>()
    const come = new Map<IdOrder, number[]>()
    for (const { id, was, now } of changes) {
      const before = was ? this.listsOf(was) : []
      const after = now ? this.listsOf(now) : []
      for (const list of before) if (!after.includes(list)) getOr(gone, list, () => new Set<number>()).add(id)
      for (const list of after) if (!before.includes(list)) getOr(come, list, () => []).push(id)
    }
    for (const [list, ids] of gone) list.deleteAll(ids)
    for (const [list, ids] of come) list.addSorted(ids.sort((a, b) => a - b))
  }

  add(id: number, s: UploadState): void {
    for (const list of this.listsOf(s)) list.add(id)
  }

  delete(id: number, s: UploadState): void {
    for (const list of this.listsOf(s)) list.delete(id)
  }

  /** Row `id` went from state `was` to `now` (progress changes no list: nothing is done). */
  move(id: number, was: UploadState, now: UploadState): void {
    const before = this.listsOf(was)
    const after = this.listsOf(now)
    for (const list of before) if (!after.includes(list)) list.delete(id)
    for (const list of after) if (!before.includes(list)) list.add(id)
  }

  /**
   * The ids of the rows to draw among more than `max`, in the rows' order: those being sent, the failed ones, those
   * done unchecked for text (in that order of need, at most `max` in all), then the first few queued and the last few done.
   */
  pick(max: number): number[] {
    const few = Math.max(1, Math.floor(max / 8))
    const keep = new Set<number>()
    const add = (ids: Iterable<number>) => {
      for (const id of ids) if (keep.size < max) keep.add(id)
    }
    add(this.uploading.first(max))
    add(this.failed.first(max - keep.size))
    add(this.unchecked.first(max - keep.size))
    add(this.queued.first(few))
    add(this.done.last(few))
    return [...keep].sort((a, b) => a - b)
  }
}

function getOr<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key)
  if (v === undefined) map.set(key, (v = make()))
  return v
}
