import { fork } from 'node:child_process'
import type { FromExtractWorker, ToExtractWorker } from './extract-worker-protocol'
import { PAST_MEMORY_LIMIT } from './memory-watch'

/** How a reading process ended. */
export interface ReaderProcessExit {
  /** It reached its heap limit (the document needed more memory than it is given). */
  readonly outOfMemory: boolean
  /** For the log: the exit code or signal, and the end of what it wrote to stderr. */
  readonly detail: string
}

/**
 * One process that reads documents: a Node child in headless mode and tests, an Electron utility
 * process in the app. The reader above it only needs these, so its logic is the same for both.
 */
export interface ReaderProcess {
  postMessage(message: ToExtractWorker): void
  onMessage(listener: (message: FromExtractWorker) => void): void
  /** Called once, when the process has ended for any reason, including never starting. */
  onExit(listener: (exit: ReaderProcessExit) => void): void
  kill(): void
  /** Whether the process keeps this one's event loop alive: headless mode ends once nothing else is left. */
  keepAlive(on: boolean): void
}

/** The file a reading process runs, and the flags it runs with besides its heap. */
export interface ReaderProcessEntry {
  readonly file: string
  readonly execArgv?: readonly string[]
}

export type ReaderProcessLauncher = (entry: ReaderProcessEntry, heapMb: number) => ReaderProcess

/**
 * Node's and V8's words when a process dies at its heap limit ("JavaScript heap out of memory", "Fatal JavaScript
 * out of memory"), and the reading process's own as it stops itself past its memory limit (memory-watch.ts).
 */
const OUT_OF_MEMORY = new RegExp(
  `JavaScript heap out of memory|Fatal JavaScript out of memory|Reached heap limit|${PAST_MEMORY_LIMIT}`,
  'i'
)
/** Enough of stderr's end to hold the fatal error line, which follows V8's last GC trace. */
const STDERR_TAIL = 4096

/** Watches a process's stderr for the out-of-memory line, keeping only its end. */
export function stderrWatch(): {
  readonly add: (chunk: Buffer | string) => void
  readonly outOfMemory: () => boolean
  readonly tail: () => string
} {
  let tail = ''
  let outOfMemory = false
  return {
    add(chunk) {
      // Joined to the previous end, so a line split between two chunks is still seen.
      tail = (tail + chunk.toString()).slice(-STDERR_TAIL)
      outOfMemory ||= OUT_OF_MEMORY.test(tail)
    },
    outOfMemory: () => outOfMemory,
    tail: () => tail.trim()
  }
}

/**
 * A Node child process. Its IPC uses the advanced serialization, so a document's bytes travel as
 * bytes (a Uint8Array), not as a JSON array of numbers. Its stderr is read, not shown: it says
 * whether the process died at its heap limit, and its end goes to the log when it died otherwise.
 */
export const forkReaderProcess: ReaderProcessLauncher = (entry, heapMb) => {
  const child = fork(entry.file, [], {
    execArgv: [...(entry.execArgv ?? []), `--max-old-space-size=${heapMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'pipe', 'ipc']
  })
  const stderr = stderrWatch()
  child.stderr?.on('data', stderr.add)
  let ended: ReaderProcessExit | undefined
  const exitListeners: ((exit: ReaderProcessExit) => void)[] = []
  const end = (detail: string) => {
    if (ended) return
    ended = { outOfMemory: stderr.outOfMemory(), detail: [detail, stderr.tail()].filter(Boolean).join('\n') }
    for (const l of exitListeners) l(ended)
  }
  // 'close' comes after stderr has been read to its end, so the out-of-memory line is in by then.
  child.on('close', (code, signal) => end(signal ? `ended by ${signal}` : `exit code ${code}`))
  child.on('error', (err) => end(`could not start or be reached: ${err.message}`))
  const keepAlive = (on: boolean) => {
    const handles = [child, child.channel, child.stderr as unknown as { ref(): void; unref(): void } | null]
    for (const h of handles) if (h) void (on ? h.ref() : h.unref())
  }
  return {
    postMessage(message) {
      // A process that has just died: its exit, not this, reports it.
      if (child.connected) child.send(message, (err) => void err)
    },
    onMessage(listener) {
      child.on('message', (m) => listener(m as FromExtractWorker))
    },
    onExit(listener) {
      if (ended) listener(ended)
      else exitListeners.push(listener)
    },
    kill() {
      // Held until it has ended: close() waits for that, which an idle (unreferenced) process would not let it.
      keepAlive(true)
      child.kill('SIGKILL')
    },
    keepAlive
  }
}
