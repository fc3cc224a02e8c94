import type { NodeEvent } from '../../../shared/contract/events'

/**
 * A failed handling waits at most this long after the last recovery for its own: a bug hit by every
 * delta of an answer (100 or more a second) reads the window again once a second, not once a delta.
 */
export const RECOVERY_MIN_INTERVAL_MS = 1000

/** One line in the console for a node event whose handling threw: what is read again covers it. */
export function logHandlerFailure(
  type: string,
  err: unknown,
  log: (...args: unknown[]) => void = (...args) => console.error(...args)
): void {
  log(`Nodedesk: handling a ${type} event failed; reading again what it may have changed`, err)
}

export interface RecoveringListener {
  readonly listener: (event: NodeEvent) => void
  /** No recovery runs after this (the subscription ended). */
  stop(): void
}

/**
 * Wraps an event handler so that one that throws costs a re-read, as a break in the stream does,
 * instead of the event being lost: whatever the event would have changed is read again through
 * `onResumed` (the handler may have applied half of it, or nothing). Failures close together share
 * one recovery, and one line in the console.
 *
 * Over HTTP a thrown handler ends the stream, which reconnects and catches up by itself; over IPC
 * nothing ends, so without this the event is dropped and the window stays stale until the next one.
 */
export function recoveringListener(
  handle: (event: NodeEvent) => void,
  onResumed: (() => void) | undefined,
  log: (...args: unknown[]) => void = (...args) => console.error(...args)
): RecoveringListener {
  let pending: ReturnType<typeof setTimeout> | undefined
  let lastRecovery = -Infinity
  let stopped = false
  const recover = () => {
    pending = undefined
    lastRecovery = Date.now()
    if (!stopped) onResumed?.()
  }
  return {
    listener(event) {
      try {
        handle(event)
      } catch (err) {
        if (stopped) return
        // Already owed a re-read, which covers this event too; its error was logged with the first.
        if (pending) return
        logHandlerFailure(event.type, err, log)
        pending = setTimeout(recover, Math.max(0, lastRecovery + RECOVERY_MIN_INTERVAL_MS - Date.now()))
      }
    },
    stop() {
      stopped = true
      if (pending) clearTimeout(pending)
      pending = undefined
    }
  }
}
