import { writeSync } from 'node:fs'

/** Where the node writes its log lines. Never given request bodies or secrets. */
export interface Logger {
  info(line: string): void
  error(line: string, err?: unknown): void
}

/** A log whose writes cannot fail: a line it could not write is dropped and counted. */
export interface SafeLogger extends Logger {
  /** Lines dropped because the log could not be written (full disk, closed pipe...). */
  readonly lost: number
}

/** The minimum the logger needs of a stream: process.stdout/stderr and any Writable fit. */
export interface LogStream {
  write(chunk: string, done?: (err?: Error | null) => void): unknown
  on(event: 'error', listener: (err: Error) => void): unknown
  readonly destroyed?: boolean
  readonly errored?: unknown
  readonly fd?: number
}

const describe = (err: unknown): string => {
  try {
    if (err instanceof Error) return err.stack ?? String(err)
    if (err === undefined || err === null) return ''
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a thrown non-Error prints as its own toString has it; a plain object's fields (request data, perhaps) stay out of the log
    return String(err)
  } catch {
    return '(unprintable error)'
  }
}

/**
 * Writes log lines to two streams such that the log itself can never throw or loop. A failed
 * write (sync throw or the stream's 'error' event, e.g. ENOSPC on a full disk) is swallowed and
 * counted; without the 'error' listener such an event becomes an uncaught exception, whose
 * handler logs, which fails again: the 100 %-CPU loop a full disk used to cause. Once a stream
 * has failed it is written with writeSync on its descriptor, so logging resumes when space returns.
 */
export function streamLogger(out: LogStream, err: LogStream): SafeLogger {
  let lost = 0
  let reported = 0
  const watched = new Set<LogStream>()
  const watch = (s: LogStream) => {
    if (watched.has(s)) return
    watched.add(s)
    s.on('error', () => {}) // counted by the write callback; unheard, it would be an uncaught exception
  }
  watch(out)
  watch(err)
  const write = (s: LogStream, text: string): boolean => {
    try {
      if (s.destroyed || s.errored) {
        if (typeof s.fd !== 'number') return false
        writeSync(s.fd, text)
      } else s.write(text, (e) => void (e && lost++))
      return true
    } catch {
      return false
    }
  }
  const emit = (s: LogStream, line: string) => {
    let text = `${line}\n`
    if (lost > reported) text = `(${lost - reported} log lines were lost: the log could not be written)\n${text}`
    if (write(s, text)) reported = lost
    else lost++
  }
  return {
    get lost() {
      return lost
    },
    info: (line) => emit(out, line),
    error: (line, e) => emit(err, e === undefined ? line : `${line} ${describe(e)}`)
  }
}

export const consoleLogger: SafeLogger = streamLogger(process.stdout, process.stderr)

export const silentLogger: Logger = { info: () => {}, error: () => {} }
