/**
 * Whether the node answers: health_check is asked every `intervalMs`; a call that fails, or has
 * not answered within `timeoutMs`, makes the node "down" at once, and the first answer after
 * that makes it "up" again. With the defaults (1 s, 1.5 s) a node that stops is seen as down
 * within 2.5 s even when its port still accepts connections but nothing answers.
 *
 * While it stays down the asking backs off: every `intervalMs` for its first `DOWN_STEADY_CHECKS`
 * failed calls (a quick restart is seen at once), then twice as long each time up to
 * `downMaxIntervalMs` (5 s). A node stopped for the night was asked once a second for as long as
 * the window stayed open.
 */
export type NodeStatus = 'unknown' | 'up' | 'down'

export interface NodeStatusOptions {
  /** One liveness call (health_check). */
  readonly ping: () => Promise<unknown>
  readonly onChange: (status: NodeStatus) => void
  readonly intervalMs?: number
  readonly timeoutMs?: number
  /** The longest wait between calls while the node stays down. */
  readonly downMaxIntervalMs?: number
}

/** Failed calls in a row asked at the steady interval before the asking backs off. */
export const DOWN_STEADY_CHECKS = 5

export interface NodeStatusWatch {
  /** Asks now, without waiting for the next tick (e.g. when the event stream closed). */
  checkNow(): void
  stop(): void
}

export function watchNodeStatus({
  ping,
  onChange,
  intervalMs = 1000,
  timeoutMs = 1500,
  downMaxIntervalMs = 5000
}: NodeStatusOptions): NodeStatusWatch {
  let status: NodeStatus = 'unknown'
  let stopped = false
  /** Calls in a row that failed (or timed out); 0 once one is answered. */
  let failures = 0
  let inFlight = false
  let tick: ReturnType<typeof setTimeout> | undefined
  const set = (next: NodeStatus) => {
    if (stopped || next === status) return
    status = next
    onChange(next)
  }

  const check = () => {
    // A call still waiting is not doubled: its own time-out already says "down".
    if (stopped || inFlight) return
    inFlight = true
    let failed = false
    const fail = () => {
      if (!failed) failures++
      failed = true
      set('down')
    }
    const late = setTimeout(fail, timeoutMs)
    ping()
      .then(() => {
        // Back after a backed-off wait: the next call comes a steady interval from now, not that wait.
        if (failures > DOWN_STEADY_CHECKS && !stopped) {
          clearTimeout(tick)
          tick = setTimeout(loop, intervalMs)
        }
        failures = 0
        set('up')
      }, fail)
      .finally(() => {
        clearTimeout(late)
        inFlight = false
      })
  }
  const wait = () =>
    failures <= DOWN_STEADY_CHECKS ? intervalMs : Math.min(downMaxIntervalMs, intervalMs * 2 ** (failures - DOWN_STEADY_CHECKS))
  const loop = () => {
    check()
    tick = setTimeout(loop, wait())
  }
  loop()

  return {
    checkNow: check,
    stop() {
      stopped = true
      clearTimeout(tick)
    }
  }
}
