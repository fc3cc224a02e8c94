/**
 * What the store's thread and the checkpoint worker share: one Int32Array over a
 * SharedArrayBuffer, read and written with Atomics. The worker's loop is synchronous (it sleeps in
 * Atomics.wait), so the store's thread can stop it and wait for its connection to close without
 * turning the event loop, from a close() that returns nothing.
 */

/** Slots of the shared Int32Array. */
export const SLOT = {
  /** One of STATE below. */
  state: 0,
  /** Bumped (and notified) by the store's thread to wake the worker before its next pass is due. */
  wake: 1,
  /** Checkpoint passes run (PASSIVE). */
  passes: 2,
  /** WAL frames copied into the database by those passes. */
  framesCopied: 3,
  /** Times the WAL was found started again from its beginning since the pass before (SQLite does it in the first commit after a complete checkpoint). */
  restarts: 4,
  /** Times the worker cut the -wal file back to nothing (TRUNCATE). */
  truncates: 5,
  /** Frames in the WAL at the last pass, and how many of them were in the database after it. */
  lastLog: 6,
  lastCheckpointed: 7,
  /** Passes that failed with an error (the worker carries on). */
  errors: 8,
  /** The longest time the worker held the store's commits back (HOLD), in µs. */
  longestHoldUs: 9,
  /**
   * HOLD.held while the worker copies the WAL's last frames with no commit under way, so that its
   * checkpoint completes and the next commit starts the WAL again; the store's thread then puts its
   * commits off (without blocking: checkpointer.ts, CommitGate).
   */
  hold: 10,
  /** 1 while the store's thread commits through the gate (set before it looks at `hold`). */
  committing: 11
} as const

export const SLOT_COUNT = 12

export const HOLD = { none: 0, held: 1 } as const

export const STATE = {
  /** The worker is starting: it has not opened its connection. */
  starting: 0,
  /** Its connection is open (or being opened); it checkpoints. */
  open: 1,
  /** The store's thread asked it to close its connection and end. */
  stop: 2,
  /** Its connection is closed (or was never opened): the store's thread may close the database last. */
  closed: 3
} as const

export interface CheckpointWorkerData {
  readonly file: string
  readonly shared: SharedArrayBuffer
  readonly tuning: CheckpointTuning
}

export interface CheckpointTuning {
  /** A WAL this long (in frames) is completed with the commits held back, so that it starts again from its beginning. */
  readonly resetFrames: number
  /** The longest the worker waits for a commit under way to end, before giving up one completion. */
  readonly holdWaitMs: number
  /** A -wal file larger than this is cut back to nothing (TRUNCATE) when it is started again. */
  readonly truncateAboveBytes: number
  /** Between passes while the WAL receives frames. */
  readonly activeDelayMs: number
  /** The longest wait between passes while nothing is written (it doubles up to this). */
  readonly idleDelayMs: number
}

/** Sent by the worker (postMessage) once its connection is open. */
export interface CheckpointWorkerReady {
  readonly type: 'ready'
}
