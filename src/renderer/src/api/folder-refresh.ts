/** A folder's listing is read again no sooner than this many times the last read's cost after it ended. */
export const LISTING_SPACING = 10
/** ...but never more than this (ms) later: a slow node (busy embedding) does not hold a change back for minutes. */
export const LISTING_SPACING_MAX_MS = 10_000

/**
 * Reads a folder's listing again when told it changed, spaced by what the last read of it cost: the
 * next read starts no sooner than `minMs`, nor LISTING_SPACING times the last read's duration, after
 * the last read ended, and never while one is under way (a read cancelled by the next was read for
 * nothing). A folder filling with thousands of files was read whole twice a second: each read grew with
 * the folder, and the reads with the upload's time, so the window's work grew with the square of the
 * files. A small folder (a read of a few milliseconds) is read again as soon as before; every change
 * told is followed by a read that starts after it, so the last listing is the node's.
 */
export interface FolderRefresher {
  /** `folder`'s listing changed: read it again (now or once its spacing is over). */
  (folder: string, minMs?: number): void
}

interface FolderState {
  /** When the last read ended (performance.now()) and what it took (ms). */
  endedAt: number
  cost: number
  running: boolean
  /** A change told while a read ran or waited: one more read after it. */
  again: boolean
  timer: ReturnType<typeof setTimeout> | undefined
  minMs: number
}

export function folderRefresher(read: (folder: string) => Promise<unknown>): FolderRefresher {
  const states = new Map<string, FolderState>()
  const run = (folder: string, s: FolderState) => {
    s.timer = undefined
    s.again = false
    s.running = true
    const started = performance.now()
    void read(folder)
      .catch(() => undefined)
      .then(() => {
        s.running = false
        s.endedAt = performance.now()
        s.cost = s.endedAt - started
        if (s.again) schedule(folder, s)
        // Forgotten once its spacing is over: a window that visits many folders keeps no state for each.
        else s.timer = setTimeout(() => forget(folder, s), wait(s) + 1)
      })
  }
  const forget = (folder: string, s: FolderState) => {
    s.timer = undefined
    if (!s.running && !s.again && states.get(folder) === s) states.delete(folder)
  }
  const wait = (s: FolderState) =>
    s.endedAt + Math.max(s.minMs, Math.min(LISTING_SPACING_MAX_MS, LISTING_SPACING * s.cost)) - performance.now()
  const schedule = (folder: string, s: FolderState) => {
    const ms = wait(s)
    if (ms <= 0) run(folder, s)
    else s.timer = setTimeout(() => run(folder, s), ms)
  }
  return (folder, minMs = 0) => {
    const s = states.get(folder)
    if (!s) {
      const fresh: FolderState = { endedAt: 0, cost: 0, running: false, again: false, timer: undefined, minMs }
      states.set(folder, fresh)
      run(folder, fresh)
      return
    }
    s.minMs = minMs
    if (s.running || s.again) {
      s.again = true
      return
    }
    // Waiting to be forgotten: the timer that would forget it becomes the read's.
    clearTimeout(s.timer)
    s.again = true
    schedule(folder, s)
  }
}
