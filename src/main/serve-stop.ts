/**
 * How long a stop lets requests that wait on a provider (a connection test, a check, a model list)
 * finish before it ends their calls, and they answer 503 'The node is stopping…'. A test of a local
 * model loading its weights answers within this; one that hangs does not keep the stop for its
 * whole time-out (120 s). Below the HTTP server's own last resort (10 s), which cuts connections.
 */
export const STOP_GRACE_MS = 5_000

export interface StoppingNode {
  /** Ends embedding lookups under way (their searches and answers go on with keywords alone). */
  endLookups(): void
  /** Ends provider calls made for requests (their requests answer 503). */
  beginStop(): void
  close(): Promise<void>
}

export interface StopOptions {
  readonly node: StoppingNode
  readonly http: { close(): Promise<void> }
}

/**
 * SIGTERM and SIGINT finish the requests in flight, close the database and exit 0 (the contract's
 * headless mode). A second signal means the operator will not wait: calls still waiting on a
 * provider end at once.
 */
export function stopOnSignals(options: StopOptions): void {
  const { node, http } = options
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) {
      console.log(`${signal} again: ending the calls still waiting on a provider`)
      node.beginStop()
      return
    }
    stopping = true
    console.log(`${signal}: finishing in-flight requests`)
    // A lookup only waits, and what waits on it is answered without it: it gets no grace.
    node.endLookups()
    const grace = setTimeout(() => node.beginStop(), STOP_GRACE_MS)
    try {
      await http.close()
      clearTimeout(grace)
      await node.close()
    } catch (err) {
      // A stop that fails must still end the process: a node left half closed answers nothing and,
      // with stopping set, would ignore every later signal.
      console.error('Nodedesk could not stop cleanly:', err instanceof Error ? err.message : err)
      process.exit(1)
    }
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}
