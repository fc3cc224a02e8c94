import type { Logger } from './platform/logger'

/** Exit status when the node gives up on itself so that a supervisor restarts it (EX_SOFTWARE). */
export const UNRECOVERABLE_EXIT_CODE = 70

export interface ProcessGuardOptions {
  readonly log: Logger
  /** More uncaught errors than this within `windowMs` means the process is broken, not unlucky. */
  readonly maxUncaught?: number
  readonly windowMs?: number
  readonly exit?: (code: number) => void
}

/**
 * One failed request must not take everyone's node down, so a stray uncaught exception or
 * unhandled rejection is logged and survived. But a process that keeps throwing (a loop, a
 * broken invariant) would sit alive at 100 % CPU answering nothing, and nothing would restart it:
 * past the threshold it exits non-zero. The handler never throws itself (the log cannot).
 */
export function installProcessGuard(options: ProcessGuardOptions): () => void {
  const max = options.maxUncaught ?? 20
  const windowMs = options.windowMs ?? 10_000
  const exit = options.exit ?? ((code: number) => process.exit(code))
  const recent: number[] = []
  let exiting = false

  const onFailure = (kind: string) => (err: unknown) => {
    if (exiting) return
    const now = Date.now()
    recent.push(now)
    while (recent.length && now - recent[0]! > windowMs) recent.shift()
    try {
      options.log.error(kind, err)
    } catch {
      /* a log that throws must not turn one failure into an endless series */
    }
    if (recent.length > max) {
      exiting = true
      try {
        options.log.error(`${recent.length} uncaught errors within ${windowMs} ms: exiting so that a supervisor restarts the node`)
      } catch {
        /* exiting anyway */
      }
      exit(UNRECOVERABLE_EXIT_CODE)
    }
  }
  const onException = onFailure('uncaught exception')
  const onRejection = onFailure('unhandled rejection')
  // Writes to a closed or full stdout/stderr report here; unheard, each would be an uncaught exception.
  const ignore = () => {}
  process.on('uncaughtException', onException)
  process.on('unhandledRejection', onRejection)
  process.stdout.on('error', ignore)
  process.stderr.on('error', ignore)
  return () => {
    process.off('uncaughtException', onException)
    process.off('unhandledRejection', onRejection)
    process.stdout.off('error', ignore)
    process.stderr.off('error', ignore)
  }
}
