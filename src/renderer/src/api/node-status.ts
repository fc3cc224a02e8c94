/**
 * Whether the node answers: health_check is asked every `intervalMs`; a call that fails, or has
 * not answered within `timeoutMs`, makes the node "down" at once, and the first answer after
 * that makes it "up" again. With the defaults (1 s, 1.5 s) a node that stops is seen as down
 * within 2.5 s even when its port still accepts connections but nothing answers.
 */
export type NodeStatus = 'unknown' | 'up' | 'down'

export interface NodeStatusOptions {
  /** One liveness call (health_check). */
  readonly ping: () => Promise<unknown>
  readonly onChange: (status: NodeStatus) => void
  readonly intervalMs?: number
  readonly timeoutMs?: number
}

export interface NodeStatusWatch {
  /** Asks now, without waiting for the next tick (e.g. when the event stream closed). */
  checkNow(): void
  stop(): void
}

export function watchNodeStatus({ ping, onChange, intervalMs = 1000, timeoutMs = 1500 }: NodeStatusOptions): NodeStatusWatch {
  let status: NodeStatus = 'unknown'
  let stopped = false
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
    const overdue = setTimeout(() => set('down'), timeoutMs)
    ping()
      .then(
        () => set('up'),
        () => set('down')
      )
      .finally(() => {
        clearTimeout(overdue)
        inFlight = false
      })
  }
  const loop = () => {
    check()
    tick = setTimeout(loop, intervalMs)
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
