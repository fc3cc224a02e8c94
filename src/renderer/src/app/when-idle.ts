/** How long work waits for an idle moment at most (a window that is never idle still gets it done). */
const IDLE_TIMEOUT_MS = 2000

/**
 * Runs `work` once the window is idle (after the current frames and their input), or after
 * IDLE_TIMEOUT_MS; answers a function that cancels it if it has not run yet. Where the browser has
 * no requestIdleCallback, a short timer stands in.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS })
    return () => window.cancelIdleCallback(handle)
  }
  const timer = setTimeout(work, 200)
  return () => clearTimeout(timer)
}
