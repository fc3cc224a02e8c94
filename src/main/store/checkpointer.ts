import { statSync } from 'node:fs'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import {
  HOLD,
  SLOT,
  SLOT_COUNT,
  STATE,
  type CheckpointTuning,
  type CheckpointWorkerData,
  type CheckpointWorkerReady
} from './checkpoint-protocol'
import type { CommitGate } from './commit-gate'
import type { Db } from './db'

/** The checkpoint worker's entry: the bundled file in the app, or the TypeScript source run through tsx. */
export interface CheckpointWorkerEntry {
  readonly file: string
  readonly execArgv?: readonly string[]
}

/** The worker as electron-vite builds it, beside the entry (out/main/index.js, out/main/serve.js) whose folder is given. */
export const bundledCheckpointWorker = (entryDir: string): CheckpointWorkerEntry => ({ file: join(entryDir, 'checkpoint-worker.js') })

/** The worker from the sources (tests and benchmarks run them through tsx). */
export const sourceCheckpointWorker = (): CheckpointWorkerEntry => ({
  file: join(__dirname, 'checkpoint-worker.ts'),
  execArgv: ['--import', 'tsx']
})

export interface CheckpointerOptions extends Partial<CheckpointTuning> {
  /** How often this thread looks at the -wal file's size (to start the worker, and for the safety net). */
  readonly checkIntervalMs?: number
  /** The -wal file's size that starts the worker (it is started on the first need, not with the node). */
  readonly startAtBytes?: number
  /** Past this size of the -wal file, once it has grown a quarter of it more, this thread checkpoints itself (the worker is gone or far behind). */
  readonly safetyBytes?: number
}

export const DEFAULT_CHECKPOINT_TUNING: CheckpointTuning = {
  // 16 MiB of 4 KiB pages: SQLite's own checkpoints came every 1,000 frames, inside a commit.
  resetFrames: 4096,
  holdWaitMs: 100,
  truncateAboveBytes: 32 * 1024 * 1024,
  activeDelayMs: 100,
  idleDelayMs: 1000
}
const CHECK_INTERVAL_MS = 100
/** Over what a start writes (migrations): a node that only reads never starts the worker. */
const START_AT_BYTES = 1024 * 1024
export const SAFETY_BYTES = 64 * 1024 * 1024
/** The longest this thread puts its commits off for the worker, whatever the worker is doing. */
const MAX_HOLD_MS = 1000
/** How long close() waits for a checkpoint under way in the worker to finish and its connection to close. */
const CLOSE_WAIT_MS = 10_000

export interface CheckpointStats {
  /** 'idle': not started yet; 'starting'; 'running'; 'in-process': SQLite checkpoints in this thread's commits (no worker, or it failed); 'closed'. */
  readonly worker: 'idle' | 'starting' | 'running' | 'in-process' | 'closed'
  /** The worker's thread exists (started, and its 'exit' not seen yet): false soon after close(). */
  readonly threadAlive: boolean
  readonly passes: number
  readonly framesCopied: number
  /** Times the WAL was started again from its beginning (seen by the worker's passes). */
  readonly restarts: number
  readonly truncates: number
  readonly errors: number
  /** Checkpoints this thread ran itself because the -wal file passed the safety size. */
  readonly safetyCheckpoints: number
  readonly lastLog: number
  readonly lastCheckpointed: number
  /** The longest the worker held the commits back (they wait, the thread does not). */
  readonly longestHoldMs: number
}

export interface Checkpointer {
  readonly gate: CommitGate
  stats(): CheckpointStats
  /** Ends the worker after its connection is closed, so that the store's connection closes last (SQLite then checkpoints and removes the WAL). */
  close(): void
}

/**
 * Moves WAL checkpoints off the store's thread. SQLite checkpoints in whichever commit takes the WAL
 * past 1,000 pages: the commit then copies them all into the database and flushes it, 120-300 ms
 * during a large removal, which every request waits behind. Here the store's connection never
 * checkpoints in a commit (wal_autocheckpoint = 0); a worker thread with a connection of its own
 * does (checkpoint-worker.ts), started on the first need (the -wal file past `startAtBytes`). If
 * the worker fails, SQLite checkpoints in the commits again, as before. If the -wal file, past `safetyBytes`, grows by a quarter of that more (the worker gone or far
 * behind), this thread checkpoints itself, between two of its transactions. The write batcher's commits and the removals' slices go
 * through `gate`, which the worker closes for the moment it copies the WAL's last frames.
 */
/** Until the worker has closed its connection (at most CLOSE_WAIT_MS). */
function waitWhileStopping(ctl: Int32Array): void {
  try {
    Atomics.wait(ctl, SLOT.state, STATE.stop, CLOSE_WAIT_MS)
  } catch {
    // A thread where Atomics.wait is refused: look until it is done (a checkpoint takes milliseconds).
    const until = performance.now() + CLOSE_WAIT_MS
    while (Atomics.load(ctl, SLOT.state) === STATE.stop && performance.now() < until);
  }
}

export function checkpointer(db: Db, file: string, entry: CheckpointWorkerEntry, options: CheckpointerOptions = {}): Checkpointer {
  const tuning: CheckpointTuning = {
    resetFrames: options.resetFrames ?? DEFAULT_CHECKPOINT_TUNING.resetFrames,
    truncateAboveBytes: options.truncateAboveBytes ?? DEFAULT_CHECKPOINT_TUNING.truncateAboveBytes,
    holdWaitMs: options.holdWaitMs ?? DEFAULT_CHECKPOINT_TUNING.holdWaitMs,
    activeDelayMs: options.activeDelayMs ?? DEFAULT_CHECKPOINT_TUNING.activeDelayMs,
    idleDelayMs: options.idleDelayMs ?? DEFAULT_CHECKPOINT_TUNING.idleDelayMs
  }
  const startAtBytes = options.startAtBytes ?? START_AT_BYTES
  const safetyBytes = options.safetyBytes ?? SAFETY_BYTES
  const inCommits = db.pragma('wal_autocheckpoint', { simple: true }) as number
  // From the start: a burst of writes (a removal) takes the WAL past SQLite's 1,000 pages sooner
  // than the worker starts, and the commit that did would checkpoint. The safety net covers it.
  db.pragma('wal_autocheckpoint = 0')
  const shared = new SharedArrayBuffer(SLOT_COUNT * Int32Array.BYTES_PER_ELEMENT)
  const ctl = new Int32Array(shared)
  let worker: Worker | undefined
  let phase: CheckpointStats['worker'] = 'idle'
  let safetyCheckpoints = 0
  let threadAlive = false

  const walBytes = (): number => {
    try {
      return statSync(`${file}-wal`).size
    } catch {
      return 0
    }
  }

  /** SQLite checkpoints in this thread's commits again, as without a worker. */
  const inProcess = () => {
    phase = 'in-process'
    worker = undefined
    Atomics.store(ctl, SLOT.hold, HOLD.none)
    Atomics.notify(ctl, SLOT.hold)
    if (db.open) db.pragma(`wal_autocheckpoint = ${inCommits}`)
  }

  /** When this thread first found its commits held back (undefined: they are not). */
  let heldSince: number | undefined
  const gate: CommitGate = {
    enter: () => {
      // Dekker's order: `committing` first, then `hold` (the worker sets `hold`, then reads `committing`).
      Atomics.store(ctl, SLOT.committing, 1)
      if (Atomics.load(ctl, SLOT.hold) === HOLD.none) {
        heldSince = undefined
        return undefined
      }
      const now = performance.now()
      heldSince ??= now
      // A worker stuck in a checkpoint (a stalled disk) does not stop the writes: a commit never
      // hurts a PASSIVE checkpoint, it only leaves it incomplete.
      if (now - heldSince > MAX_HOLD_MS) return undefined
      gate.leave()
      const waited = Atomics.waitAsync(ctl, SLOT.hold, HOLD.held, tuning.holdWaitMs)
      if (!waited.async) return Promise.resolve()
      // A timer of the event loop's own: a pending Atomics.waitAsync does not keep the process alive.
      let timer: NodeJS.Timeout | undefined
      return Promise.race([waited.value, new Promise((done) => (timer = setTimeout(done, tuning.holdWaitMs)))]).finally(() =>
        clearTimeout(timer)
      )
    },
    leave: () => {
      Atomics.store(ctl, SLOT.committing, 0)
      Atomics.notify(ctl, SLOT.committing)
    }
  }

  const start = () => {
    phase = 'starting'
    const data: CheckpointWorkerData = { file, shared, tuning }
    const w = new Worker(entry.file, { workerData: data, ...(entry.execArgv ? { execArgv: [...entry.execArgv] } : {}) })
    worker = w
    threadAlive = true
    // The worker never keeps the process alive; close() ends it.
    w.unref()
    w.on('message', (m: CheckpointWorkerReady) => {
      if (worker === w && m.type === 'ready') phase = 'running'
    })
    const lost = () => {
      if (worker === w) inProcess()
    }
    w.on('error', lost)
    w.on('exit', () => {
      threadAlive = false
      lost()
    })
  }

  /** Checkpoints here, between two transactions, when the worker has let the -wal file grow past the safety size. */
  const safetyNet = () => {
    if (db.inTransaction) return
    const timeout = db.pragma('busy_timeout', { simple: true }) as number
    db.pragma('busy_timeout = 0')
    try {
      // Never waits: for a reader, nor for the worker's checkpoint under way.
      db.pragma('wal_checkpoint(TRUNCATE)')
      safetyCheckpoints++
    } finally {
      db.pragma(`busy_timeout = ${timeout}`)
    }
  }

  // The -wal file's size when it was first seen past the safety size (or cut back while past it):
  // the net is for a WAL that keeps growing from there, not for one large commit (a migration),
  // which the worker copies on its own thread, nor for the few frames each later commit adds to it
  // until the worker has (a large WAL cannot start again before all of it is copied).
  let base: number | undefined
  const timer = setInterval(() => {
    if (!db.open) return
    if (phase === 'idle') {
      if (walBytes() < startAtBytes) return
      try {
        start()
      } catch {
        // No thread to be had (resource limits): SQLite checkpoints in the commits, as before.
        inProcess()
      }
    } else if (phase === 'starting' || phase === 'running') {
      const bytes = walBytes()
      if (bytes <= safetyBytes) base = undefined
      else if (base === undefined || bytes < base) base = bytes
      else if (bytes - base > safetyBytes / 4) {
        // Grown by a quarter of the safety size since: writes outpace the worker (or it never started).
        safetyNet()
        base = undefined
      }
    }
  }, options.checkIntervalMs ?? CHECK_INTERVAL_MS)
  timer.unref()

  return {
    gate,
    stats: () => ({
      worker: phase,
      threadAlive,
      passes: Atomics.load(ctl, SLOT.passes),
      framesCopied: Atomics.load(ctl, SLOT.framesCopied),
      restarts: Atomics.load(ctl, SLOT.restarts),
      truncates: Atomics.load(ctl, SLOT.truncates),
      errors: Atomics.load(ctl, SLOT.errors),
      safetyCheckpoints,
      lastLog: Atomics.load(ctl, SLOT.lastLog),
      lastCheckpointed: Atomics.load(ctl, SLOT.lastCheckpointed),
      longestHoldMs: Atomics.load(ctl, SLOT.longestHoldUs) / 1000
    }),
    close: () => {
      clearInterval(timer)
      const w = worker
      worker = undefined
      phase = 'closed'
      Atomics.store(ctl, SLOT.hold, HOLD.none)
      Atomics.notify(ctl, SLOT.hold)
      if (!w) return
      // A worker that has not opened its connection never will; one that has closes it first.
      if (Atomics.compareExchange(ctl, SLOT.state, STATE.starting, STATE.closed) !== STATE.starting) {
        Atomics.compareExchange(ctl, SLOT.state, STATE.open, STATE.stop)
        Atomics.add(ctl, SLOT.wake, 1)
        Atomics.notify(ctl, SLOT.wake)
        waitWhileStopping(ctl)
      }
      void w.terminate()
    }
  }
}
