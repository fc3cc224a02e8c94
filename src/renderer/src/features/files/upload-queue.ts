import { ApiFailure } from '../../api/client'
import { canSucceedAgain, nameTaken } from './upload-failure'
import { uploadFailureText } from './upload-failure-text'
import { ShownRows } from './upload-shown'
import { pathAfterMove } from './vfs-paths'

export type UploadState =
  | { readonly kind: 'queued' }
  | { readonly kind: 'uploading'; readonly loaded: number; readonly total: number }
  /**
   * `noText`: stored, but no text could be read from it (empty, a scan): search and answers cannot use it.
   * `textUnknown`: stored, but the node did not say in time (or at all) whether text was found in it.
   */
  | { readonly kind: 'done'; readonly noText?: true; readonly textUnknown?: true }
  /**
   * `text`: what went wrong and what to do, in sentences naming the file; `detail`: the node's own message.
   * `retryable`: sending the same file again can succeed (see canSucceedAgain); else only Dismiss is offered.
   * `nameTaken`: the folder has an entry of the file's name, which Replace may put the file in the place of.
   */
  | {
      readonly kind: 'failed'
      readonly text: string
      readonly detail: string
      /** false: the node did not answer (`detail` is the connection's or the window's words). */
      readonly answered?: boolean
      readonly retryable: boolean
      readonly nameTaken?: boolean
    }
  /** Stopped by the operator before the node had it: nothing of it is stored. */
  | { readonly kind: 'cancelled' }

export interface UploadRow {
  readonly id: number
  readonly name: string
  readonly folder: string
  readonly size: number
  readonly state: UploadState
  /** Sent asking the node to replace a file of the same name (the operator chose Replace). */
  readonly replace?: boolean
}

/**
 * Every byte of the file sent: the node has it and is reading and storing it. Cutting the request
 * now would not stop that, so such an upload can no longer be cancelled.
 */
export const isSent = (s: UploadState) => s.kind === 'uploading' && s.total > 0 && s.loaded >= s.total

/** Queued or being sent: not finished yet. */
const isWaiting = (s: UploadState) => s.kind === 'queued' || s.kind === 'uploading'

/** Queued, or still being sent: stopping it means the node stores nothing of it. */
export const isCancellable = (s: UploadState) => s.kind === 'queued' || (s.kind === 'uploading' && !isSent(s))

/**
 * What an Uploader may answer of a file stored: `noText`, no text could be read from it (its row says so).
 * `noTextLater`: the node has the file, and whether it holds text is still being asked. The file's slot is
 * let go at once (the next file is sent meanwhile); its row says done once that answers, or done with the
 * text unknown when it fails or has not answered within the queue's `textWaitMs`.
 */
export interface UploadOutcome {
  readonly noText?: boolean
  /**
   * `signal` aborts once the queue stops waiting for the answer (textWaitMs): the question is then given up, its
   * connection closed (a question the node held kept one of the browser's 6 connections to it for good).
   */
  readonly noTextLater?: (signal: AbortSignal) => Promise<boolean>
}

const outcomeOf = (result: unknown): UploadOutcome => (typeof result === 'object' && result !== null ? result : {})

/**
 * Sends one file; reports bytes sent when the transport can; stops when `signal` aborts; `replace`: a file of its name goes.
 * It may answer an UploadOutcome (anything else is taken as a file with text).
 */
export type Uploader = (
  folder: string,
  file: File,
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
  replace: boolean
) => Promise<unknown>

/**
 * Files waiting to be uploaded, a few at a time, each with its own row: queued, uploading (bytes
 * sent), done, or failed with what to do about it. One failure does not stop the others.
 */
export class UploadQueue {
  /**
   * Each row by its id, in the order added (ids grow as rows are added, and a row changed keeps its place): updated
   * in place, as a copy of the whole list at each change (3-4 a file) made a folder of thousands of files quadratic,
   * and a row forgotten costs nothing to those after it. Readers get a copy made once per change read (see snapshot).
   */
  private rows = new Map<number, UploadRow>()
  /** Counts the changes: a snapshot is copied again only when one happened since the last. */
  private version = 0
  private copy: readonly UploadRow[] = []
  private copiedAt = 0
  /**
   * The file of each row queued, being sent, or failed: a failed one is kept so that Retry needs no new
   * pick, and let go once its row is dismissed or cleared (a File is a handle on the disk's copy, but a
   * window open for days should not hold thousands).
   */
  private files = new Map<number, File>()
  /** The uploads being sent, to cut them when cancelled. */
  private sending = new Map<number, AbortController>()
  private running = 0
  private nextId = 1
  /**
   * The rows counted by state (done, failed, waiting…), kept as rows change: read on every queue event and every
   * draw of the uploads panel, which counted every row each time (thousands of files, several times a second).
   */
  private tally: Tally = emptyCounts()
  private counted: UploadCounts = emptyCounts()
  private countedAt = 0
  /** The rows the uploads panel draws among many, by kind and in order, kept as rows change (see view). */
  private shown = new ShownRows()
  private viewed: UploadView | undefined
  private viewedAt = -1
  private listeners = new Set<() => void>()

  constructor(
    private readonly upload: Uploader,
    private readonly parallel = 2,
    /**
     * How long a stored file's row waits for the node to say whether it holds text before it settles as stored
     * with that unknown: a node that never answered left the row "sent" and the summary "Uploading" for good.
     */
    private readonly textWaitMs = TEXT_WAIT_MS
  ) {}

  /**
   * The rows as they are now, for useSyncExternalStore: the same array until the next change. Copied only when read
   * after a change, so a reader told at most every 100 ms (the uploads panel) costs one copy per draw, not per change.
   */
  snapshot = (): readonly UploadRow[] => {
    if (this.copiedAt !== this.version) {
      this.copy = [...this.rows.values()]
      this.copiedAt = this.version
    }
    return this.copy
  }

  /** How many rows there are (without copying them). */
  size = (): number => this.rows.size

  /** The rows counted by state as they are now (the same object until the next change): no pass over the rows. */
  counts = (): UploadCounts => {
    if (this.countedAt !== this.version) {
      this.counted = { ...this.tally, total: this.rows.size }
      this.countedAt = this.version
    }
    return this.counted
  }

  /**
   * What the uploads panel draws, as it is now (the same object until the next change): the counts, and the rows to
   * draw: every row when there are few; else the rows being sent, the failed ones, those done with no text found or
   * not checked for text, the next few waiting and the last few done (drawing thousands of rows on every progress step
   * froze the window). Found from the lists the queue keeps, without a pass over the rows (the tests check it against
   * that pass: test/renderer/upload-reference.ts).
   */
  view = (): UploadView => {
    if (this.viewedAt !== this.version || !this.viewed) {
      const shown =
        this.rows.size <= MAX_UPLOAD_ROWS ? [...this.rows.values()] : this.shown.pick(MAX_UPLOAD_ROWS).map((id) => this.rows.get(id)!)
      this.viewed = { shown, ...this.counts() }
      this.viewedAt = this.version
    }
    return this.viewed
  }

  /** The ids of the rows to draw among more than `max` rows (see view), in order. */
  shownIds(max = MAX_UPLOAD_ROWS): number[] {
    return this.shown.pick(max)
  }

  /** Row `was` becomes `row` (same id), its state counted in place of the old one's. */
  private put(was: UploadRow, row: UploadRow): void {
    this.count(was, row)
    if (was.state !== row.state) this.shown.move(row.id, was.state, row.state)
  }

  /** As put, the lists by kind left to the caller: a bulk action changes them once for all its rows (moveAll). */
  private count(was: UploadRow, row: UploadRow): void {
    countState(this.tally, was.state, -1)
    countState(this.tally, row.state, 1)
    this.rows.set(row.id, row)
  }

  private rowOf(id: number): UploadRow | undefined {
    return this.rows.get(id)
  }

  /** The rows of a kind, in order: what a bulk action goes over (a pass over every row cost 5,000 visits a click). */
  private rowsOf(kind: UploadState['kind']): UploadRow[] {
    return this.shown.ids(kind).map((id) => this.rows.get(id)!)
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  add(folder: string, files: readonly File[]): void {
    this.addAll(files.map((file) => ({ folder, file })))
  }

  /** Files bound for different folders (a dropped folder's tree) queued at once: one copy of the rows, one event. */
  addAll(items: readonly { readonly folder: string; readonly file: File }[]): void {
    for (const { folder, file } of items) {
      const id = this.nextId++
      this.files.set(id, file)
      this.rows.set(id, { id, name: file.name, folder, size: file.size, state: { kind: 'queued' } })
      countState(this.tally, { kind: 'queued' }, 1)
      this.shown.add(id, { kind: 'queued' })
    }
    // One event for the whole drop.
    this.emit()
    this.pump()
  }

  /**
   * Stops a queued file or one still being sent: it is not sent, or its request is cut (the node then
   * stores nothing). A file sent whole is left to finish: the node stores it whatever the window does.
   */
  cancel(id: number): void {
    const row = this.rowOf(id)
    if (!row || !isCancellable(row.state)) return
    if (row.state.kind === 'queued') {
      this.files.delete(id)
      this.set(id, { kind: 'cancelled' })
    } else if (row.state.kind === 'uploading') this.sending.get(id)?.abort()
  }

  /** Stops every file still queued or being sent (not those sent whole, which the node stores anyway). */
  cancelAll(): void {
    // The queued ones at once and one event: one cancel each copied the rows once per file. Only the rows waiting are
    // gone over (a pass over every row visited the thousands done too).
    const queued = this.rowsOf('queued')
    const sending = this.rowsOf('uploading')
    for (const r of queued) {
      this.files.delete(r.id)
      this.count(r, { ...r, state: { kind: 'cancelled' } })
    }
    this.shown.moveAll(queued.map((r) => ({ id: r.id, was: r.state, now: this.rows.get(r.id)!.state })))
    if (queued.length > 0) this.emit()
    for (const r of sending) if (isCancellable(this.rows.get(r.id)?.state ?? r.state)) this.sending.get(r.id)?.abort()
  }

  /**
   * A folder moved or renamed from this window: the files not sent yet (queued, or failed and kept for
   * a Retry) go to it at its new path. The node follows the folder only for a file being sent; one
   * still waiting was sent later naming the old path, and failed with "no folder".
   */
  folderMoved(from: string, to: string): void {
    let changed = false
    for (const r of [...this.rowsOf('queued'), ...this.rowsOf('failed')]) {
      const folder = pathAfterMove(r.folder, from, to)
      if (folder === r.folder) continue
      changed = true
      this.put(r, { ...r, folder })
    }
    if (changed) this.emit()
  }

  /**
   * Forgets the rows done or cancelled. Failed rows stay, with their files kept for Retry or Replace:
   * "Clear finished" let them go too, so a failure was lost with the successes it was listed among.
   */
  clearFinished(): void {
    this.forget([...this.rowsOf('done'), ...this.rowsOf('cancelled')])
  }

  /** Forgets the failed rows, and the files kept for their retries ("Dismiss N failed"). */
  dismissFailed(): void {
    this.forget(this.rowsOf('failed'))
  }

  /** Forgets `gone` (finished rows) and their files: the rows kept are not gone over, nor listed by kind again. */
  private forget(gone: readonly UploadRow[]): void {
    if (gone.length === 0) return
    for (const r of gone) {
      this.files.delete(r.id)
      countState(this.tally, r.state, -1)
      this.rows.delete(r.id)
    }
    this.shown.moveAll(gone.map((r) => ({ id: r.id, was: r.state })))
    this.emit()
  }

  /**
   * Whether a row's upload can be tried again: it failed in a way that can change (not a file the node
   * refused for what it is), and its file is still held.
   */
  canRetry(row: UploadRow): boolean {
    return row.state.kind === 'failed' && row.state.retryable && this.files.has(row.id)
  }

  /** Sends a failed file again from the file kept: its row goes back in the queue where it was. */
  retry(id: number): void {
    this.retryWhere([this.rows.get(id)], () => true)
  }

  /**
   * Sends every failed file again that can succeed by being sent again as it was (those not drawn among the
   * rows too): not the files refused for names their folders have, which would be refused the same way
   * (each keeps its own Replace, Retry and Dismiss).
   */
  retryFailed(): void {
    this.retryWhere(this.rowsOf('failed'), retriedWithOthers)
  }

  /** Whether a failed row's file can be sent again to replace the file of its name (see canRetry). */
  canReplace(row: UploadRow): boolean {
    return row.state.kind === 'failed' && row.state.nameTaken === true && this.canRetry(row)
  }

  /** Sends a file refused for its name again, asking the node to replace the file of that name. */
  replace(id: number): void {
    this.retryWhere([this.rows.get(id)], (r) => this.canReplace(r), true)
  }

  /** The rows Replace can send now: every file refused for its name (those not drawn among the rows too). */
  takenIds(): number[] {
    return this.rowsOf('failed')
      .filter((r) => this.canReplace(r))
      .map((r) => r.id)
  }

  /**
   * Replace for the files refused for their names: those of `ids` when given (the ones a question named;
   * a file refused after it was asked stays as it is), else every one.
   */
  replaceAllTaken(ids?: readonly number[]): void {
    const asked = ids && new Set(ids)
    this.retryWhere(this.rowsOf('failed'), (r) => (!asked || asked.has(r.id)) && this.canReplace(r), true)
  }

  /**
   * Those of `rows` (failed ones) that `which` picks and can be retried go back in the queue, each in its place: the
   * queue sends the first queued row next, so the retried files go in their order, before those added after them.
   */
  private retryWhere(rows: readonly (UploadRow | undefined)[], which: (r: UploadRow) => boolean, replace?: true) {
    const moved: { id: number; was: UploadState; now: UploadState }[] = []
    for (const r of rows) {
      if (!r || !which(r) || !this.canRetry(r)) continue
      const now: UploadState = { kind: 'queued' }
      this.count(r, { ...r, state: now, ...(replace ? { replace } : {}) })
      moved.push({ id: r.id, was: r.state, now })
    }
    if (moved.length === 0) return
    this.shown.moveAll(moved)
    this.emit()
    this.pump()
  }

  /** Forgets one finished row (and the file kept for its retry). */
  dismiss(id: number): void {
    const row = this.rows.get(id)
    if (!row || isWaiting(row.state)) return
    this.files.delete(id)
    countState(this.tally, row.state, -1)
    this.shown.delete(id, row.state)
    this.rows.delete(id)
    this.emit()
  }

  /** Resolves once nothing is queued or uploading. */
  idle(): Promise<void> {
    if (!this.busy()) return Promise.resolve()
    return new Promise((resolve) => {
      const off = this.subscribe(() => {
        if (!this.busy()) {
          off()
          resolve()
        }
      })
    })
  }

  private busy = () => this.tally.waiting > 0

  /** How many files are queued or uploading. */
  waitingCount(): number {
    return this.tally.waiting
  }

  /** One row's new state, in its place: the rest of the rows are not touched (this runs 3-4 times a file). */
  private set(id: number, state: UploadState) {
    const r = this.rows.get(id)
    if (!r) return this.emit()
    this.put(r, { ...r, state })
    this.emit()
  }

  /** The first queued row (the queued ones are listed in order): no row finished is passed over. */
  private nextQueued(): UploadRow | undefined {
    const id = this.shown.firstQueued()
    return id === undefined ? undefined : this.rows.get(id)
  }

  private emit() {
    this.version++
    for (const l of this.listeners) l()
  }

  /**
   * The node said `folder` is not in the library (404): the files still queued for it, or for a folder in it, fail
   * at once with that sentence, each kept for its Retry once the folder is made again. They were each sent whole
   * to be refused the same way (a folder of 2,000 files deleted as it uploaded: every byte of them sent for nothing).
   */
  private failQueuedIn(folder: string) {
    const under = folder === '/' ? '/' : `${folder}/`
    const moved: { id: number; was: UploadState; now: UploadState }[] = []
    for (const r of this.rowsOf('queued')) {
      if (r.folder !== folder && !r.folder.startsWith(under)) continue
      const now: UploadState = { kind: 'failed', ...uploadFailureText(FOLDER_MISSING, r.name, r.folder), retryable: true }
      this.count(r, { ...r, state: now })
      moved.push({ id: r.id, was: r.state, now })
    }
    if (moved.length === 0) return
    this.shown.moveAll(moved)
    this.emit()
  }

  private pump() {
    while (this.running < this.parallel) {
      const row = this.nextQueued()
      if (!row) return
      const file = this.files.get(row.id)!
      this.running++
      const stop = new AbortController()
      this.sending.set(row.id, stop)
      this.set(row.id, { kind: 'uploading', loaded: 0, total: file.size })
      const progress = (loaded: number, total: number) => {
        if (!stop.signal.aborted) this.set(row.id, { kind: 'uploading', loaded, total })
      }
      // Its slot is freed before its row says how it ended: whoever sees that (idle(), a listener)
      // and adds files at once has them start together.
      const settle = (state: UploadState) => {
        release(state)
        try {
          this.set(row.id, state)
        } finally {
          this.pump() // a listener that throws does not stop the queue
        }
      }
      const release = (state: UploadState) => {
        this.sending.delete(row.id)
        // Kept only for a Retry that can succeed: a file the node refused for what it is would be refused again.
        if (state.kind !== 'failed' || !state.retryable) this.files.delete(row.id)
        this.running--
      }
      const stored = (noText: boolean) => settle(noText ? { kind: 'done', noText: true } : { kind: 'done' })
      void this.upload(row.folder, file, progress, stop.signal, row.replace === true).then(
        (result) => {
          const { noText, noTextLater } = outcomeOf(result)
          if (!noTextLater) return stored(noText === true)
          // The node has the file: the next one is sent while this one's passages are asked of it (both in
          // turn in one slot, the window sent a folder of small files at a tenth of the node's pace). Its row
          // stays sent whole, not cancellable, until that answers.
          release({ kind: 'done' })
          const now = this.rowOf(row.id)?.state
          if (now && !isSent(now)) this.set(row.id, { kind: 'uploading', loaded: file.size, total: file.size })
          this.pump()
          void answerWithin(noTextLater, this.textWaitMs).then((none) => {
            try {
              this.set(
                row.id,
                none === undefined ? { kind: 'done', textUnknown: true } : none ? { kind: 'done', noText: true } : { kind: 'done' }
              )
            } finally {
              this.pump()
            }
          })
        },
        (err: unknown) => {
          if (!stop.signal.aborted && folderMissing(err)) this.failQueuedIn(row.folder)
          settle(
            stop.signal.aborted
              ? { kind: 'cancelled' }
              : {
                  kind: 'failed',
                  ...uploadFailureText(err, row.name, row.folder),
                  retryable: canSucceedAgain(err),
                  ...(nameTaken(err) ? { nameTaken: true } : {})
                }
          )
        }
      )
    }
  }
}

/** What the node answers an upload into a folder it does not have (the contract's 404 "folder missing"). */
const folderMissing = (err: unknown): boolean => err instanceof ApiFailure && err.status === 404

/** The failure said for a file not sent because the node had already said its folder is missing. */
const FOLDER_MISSING = new ApiFailure(404, 'Not Found', 'folder missing', [])

/** How long a stored file's row waits for the node to say whether it holds text (see UploadQueue's textWaitMs). */
export const TEXT_WAIT_MS = 20_000

/**
 * What `ask` answers within `ms`; undefined when it fails or has not answered by then: the question is then given up
 * (its signal aborts, and a late answer is let go).
 */
function answerWithin(ask: (signal: AbortSignal) => Promise<boolean>, ms: number): Promise<boolean | undefined> {
  const giveUp = new AbortController()
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve(undefined)
      giveUp.abort(new DOMException('The node did not say in time whether the file holds text', 'TimeoutError'))
    }, ms)
    const end = (answer: boolean | undefined) => {
      clearTimeout(timer)
      resolve(answer)
    }
    Promise.resolve()
      .then(() => ask(giveUp.signal))
      .then(end, () => end(undefined))
  })
}

/**
 * Whether "Retry N failed" sends this row again: a failure that sending the same file again can undo,
 * and not a name its folder has (sent again without Replace, it was refused the same way).
 */
const retriedWithOthers = (r: UploadRow): boolean => r.state.kind === 'failed' && r.state.retryable && r.state.nameTaken !== true

/** Rows drawn at most: a drop of thousands of files shows counts and the rows that matter, not a row each. */
export const MAX_UPLOAD_ROWS = 40

/** The rows counted by their states (what the uploads panel's summary and buttons say). */
export interface UploadCounts {
  readonly total: number
  readonly done: number
  /** Of those done, the files stored with no text found in them (empty, a scan). */
  readonly noText: number
  /** Of those done, the files stored without the node saying whether it found text in them (not checked for text). */
  readonly textUnknown: number
  readonly failed: number
  /**
   * Of those failed, the ones "Retry N failed" sends again: failures of the node or the connection, not
   * files refused for what they are nor for a name the folder has (see retriedWithOthers).
   */
  readonly retryable: number
  /** Of those failed, the ones refused for a name the folder has ("Replace N"). */
  readonly taken: number
  readonly cancelled: number
  readonly waiting: number
  /** Of those waiting, the ones that can still be stopped (queued, or not sent whole). */
  readonly cancellable: number
}

export interface UploadView extends UploadCounts {
  /** The rows to draw, in the order the files were added. */
  readonly shown: readonly UploadRow[]
}

/** The counts the queue keeps (total is the rows' length, read when they are handed out). */
export type Tally = { -readonly [K in keyof UploadCounts]: number }

export const emptyCounts = (): Tally => ({
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

/** Counts a row's state in `c` (`by` 1), or takes it out (`by` -1). */
export function countState(c: Tally, s: UploadState, by: 1 | -1): void {
  if (s.kind === 'done') {
    c.done += by
    if (s.noText) c.noText += by
    else if (s.textUnknown) c.textUnknown += by
  } else if (s.kind === 'failed') {
    c.failed += by
    if (s.retryable && s.nameTaken !== true) c.retryable += by
    if (s.retryable && s.nameTaken) c.taken += by
  } else if (s.kind === 'cancelled') c.cancelled += by
  else {
    c.waiting += by
    if (isCancellable(s)) c.cancellable += by
  }
}
