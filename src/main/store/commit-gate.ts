/**
 * Commits that go through the gate (the write batcher's, the removals' slices) start only while the
 * checkpoint worker is not completing a checkpoint (checkpoint-worker.ts): they are put off, the
 * thread never waits. Other writes may commit at any time; one that does so while the worker
 * completes a checkpoint only makes it incomplete (it is tried again later).
 */
export interface CommitGate {
  /** Undefined when a commit may start now (call `leave()` after it); else a promise to try again on. */
  enter(): Promise<unknown> | undefined
  leave(): void
}

/** A gate that never holds a commit back (no checkpoint worker). */
export const OPEN_GATE: CommitGate = { enter: () => undefined, leave: () => {} }
