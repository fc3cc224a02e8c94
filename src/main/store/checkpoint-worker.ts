import Database from 'better-sqlite3'
import { statSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { HOLD, SLOT, STATE, type CheckpointWorkerData, type CheckpointWorkerReady } from './checkpoint-protocol'

/**
 * The checkpoint worker (see checkpointer.ts): a connection of its own to the node's database that
 * copies the WAL's frames into the database file, so that the store's thread never does it inside
 * a commit. It runs PASSIVE checkpoints only, which never wait for and never hold up a writer or a
 * reader. SQLite starts the WAL again from its beginning in the first commit after a checkpoint
 * that copied all of it, if no reader still reads from it; under a steady write load that never
 * happens on its own (frames arrive while a checkpoint runs). So once the WAL is long, the worker
 * asks the store's thread to hold its commits back (HOLD, without blocking that thread), waits for
 * a commit under way to end, and copies the last frames: the next commit then starts the WAL again.
 */

interface CheckpointResult {
  readonly busy: number
  readonly log: number
  readonly checkpointed: number
}

const { file, shared, tuning } = workerData as CheckpointWorkerData
const ctl = new Int32Array(shared)

function run(): void {
  // The store's thread may have closed the database before this thread got here: then never open it.
  if (Atomics.compareExchange(ctl, SLOT.state, STATE.starting, STATE.open) !== STATE.starting) return
  const db = new Database(file, { fileMustExist: true })
  try {
    // A checkpoint syncs the WAL before copying and the database after, as the node's own commits do.
    db.pragma('synchronous = FULL')
    db.pragma('busy_timeout = 0')
    // Its own passes only: this connection writes nothing, but SQLite would checkpoint on its close.
    db.pragma('wal_autocheckpoint = 0')
    parentPort?.postMessage({ type: 'ready' } satisfies CheckpointWorkerReady)
    loop(db)
  } finally {
    db.close()
  }
}

const checkpoint = (db: Database.Database, mode: 'PASSIVE' | 'RESTART' | 'TRUNCATE'): CheckpointResult =>
  (db.pragma(`wal_checkpoint(${mode})`) as CheckpointResult[])[0]!

function walBytes(): number {
  try {
    return statSync(`${file}-wal`).size
  } catch {
    return 0
  }
}

/**
 * Copies the WAL's last frames with the store's commits held back; undefined if a commit under way
 * did not end in time. When the result has all of the WAL copied, the next commit starts it again
 * (unless a reader still reads from it).
 */
function complete(db: Database.Database): CheckpointResult | undefined {
  const started = performance.now()
  Atomics.store(ctl, SLOT.hold, HOLD.held)
  try {
    // Set by the store's thread before it looks at `hold`: once 0 here, no commit starts until released.
    while (Atomics.load(ctl, SLOT.committing) === 1) {
      if (performance.now() - started > tuning.holdWaitMs) return undefined
      Atomics.wait(ctl, SLOT.committing, 1, tuning.holdWaitMs)
    }
    // A -wal file that grew large (a burst of writes) is cut back to nothing; with no commit under
    // way, TRUNCATE takes the write lock only for the few frames left.
    const truncate = walBytes() > tuning.truncateAboveBytes
    const r = checkpoint(db, truncate ? 'TRUNCATE' : 'PASSIVE')
    if (truncate && r.busy === 0) {
      // Started again here, not by the next commit (which the next pass could not tell).
      Atomics.add(ctl, SLOT.truncates, 1)
      Atomics.add(ctl, SLOT.restarts, 1)
    }
    return r
  } finally {
    Atomics.store(ctl, SLOT.hold, HOLD.none)
    Atomics.notify(ctl, SLOT.hold)
    const us = Math.round((performance.now() - started) * 1000)
    if (us > Atomics.load(ctl, SLOT.longestHoldUs)) Atomics.store(ctl, SLOT.longestHoldUs, us)
  }
}

function loop(db: Database.Database): void {
  let delay = tuning.activeDelayMs
  let lastLog = 0
  let lastCheckpointed = 0
  let seenWake = Atomics.load(ctl, SLOT.wake)
  for (;;) {
    Atomics.wait(ctl, SLOT.wake, seenWake, delay)
    seenWake = Atomics.load(ctl, SLOT.wake)
    if (Atomics.load(ctl, SLOT.state) !== STATE.open) return
    try {
      const r = checkpoint(db, 'PASSIVE')
      Atomics.add(ctl, SLOT.passes, 1)
      // A WAL shorter than at the last pass was started again since: all its frames are new.
      const restarted = r.log < lastLog
      if (restarted) Atomics.add(ctl, SLOT.restarts, 1)
      const copied = restarted ? r.checkpointed : Math.max(0, r.checkpointed - lastCheckpointed)
      Atomics.add(ctl, SLOT.framesCopied, copied)
      lastLog = r.log
      lastCheckpointed = r.checkpointed
      delay = copied > 0 ? tuning.activeDelayMs : Math.min(tuning.idleDelayMs, delay * 2)
      // Only once this pass caught up with what it saw (not held back by a reader's snapshot): then
      // few frames are left, and the commits wait for no more than their copy.
      const last = r.busy === 0 && r.log >= tuning.resetFrames && r.checkpointed === r.log ? complete(db) : undefined
      if (last && last.busy === 0) {
        // TRUNCATE reports an empty WAL; the frames it copied are not counted.
        Atomics.add(ctl, SLOT.framesCopied, Math.max(0, last.checkpointed - lastCheckpointed))
        lastLog = last.log
        lastCheckpointed = last.checkpointed
        // Counted as a restart at the next pass, which finds the WAL shorter.
        if (last.checkpointed === last.log) delay = Math.min(delay, 20)
      }
      Atomics.store(ctl, SLOT.lastLog, lastLog)
      Atomics.store(ctl, SLOT.lastCheckpointed, lastCheckpointed)
    } catch {
      // SQLITE_IOERR, say: the store's thread checkpoints itself if the WAL grows too long.
      Atomics.add(ctl, SLOT.errors, 1)
      delay = tuning.idleDelayMs
    }
  }
}

try {
  run()
} finally {
  Atomics.store(ctl, SLOT.state, STATE.closed)
  Atomics.notify(ctl, SLOT.state)
}
