import { useEffect, useMemo, useRef } from 'react'

/** The reason a call's signal gives when the operator cancelled it (its Cancel button), not something else. */
export const CANCELLED = 'cancelled'

/**
 * A call the operator can stop waiting for (listing a server's models, testing or checking a provider):
 * a server that never answers held its button for the node's whole time limit. One at a time: starting
 * one stops waiting for the one before, and leaving the page stops waiting too (nothing is said then).
 * The node's request goes on; its answer is ignored (untilAborted).
 */
export interface Cancellable {
  /** A call starts: the signal it stops waiting on. */
  start(): AbortSignal
  /** Stops waiting for the call under way; `reason` (CANCELLED: the operator's Cancel) is its signal's. */
  cancel(reason?: unknown): void
  /** The call of `signal` has ended: forgotten, unless another took its place. */
  end(signal: AbortSignal): void
}

export function useCancellable(): Cancellable {
  const run = useRef<AbortController | null>(null)
  useEffect(() => () => run.current?.abort(), [])
  return useMemo(
    () => ({
      start() {
        run.current?.abort()
        const current = new AbortController()
        run.current = current
        return current.signal
      },
      cancel(reason) {
        run.current?.abort(reason)
        run.current = null
      },
      end(signal) {
        if (run.current?.signal === signal) run.current = null
      }
    }),
    []
  )
}
