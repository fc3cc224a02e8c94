import { utilityProcess } from 'electron'
import { join } from 'node:path'
import type { FromExtractWorker } from './vector-fs/extract-worker-protocol'
import { stderrWatch, type ReaderProcessExit, type ReaderProcessLauncher } from './vector-fs/reader-process'
import type { ExtractWorkerEntry } from './vector-fs/document-reader'

/**
 * An Electron utility process: the app's main process is Electron, whose own binary `fork` from
 * node:child_process would start as a second app. Electron reports a V8 fatal error (the heap
 * limit among them) as an 'error' event before 'exit', and the process's stderr has Node's line too.
 */
export const utilityReaderProcess: ReaderProcessLauncher = (entry, heapMb) => {
  const child = utilityProcess.fork(entry.file, [], {
    execArgv: [...(entry.execArgv ?? []), `--max-old-space-size=${heapMb}`],
    stdio: ['ignore', 'inherit', 'pipe'],
    serviceName: 'Nodedesk document reader'
  })
  const stderr = stderrWatch()
  child.stderr?.on('data', stderr.add)
  let ended: ReaderProcessExit | undefined
  const exitListeners: ((exit: ReaderProcessExit) => void)[] = []
  // Electron stops reading stderr when the process exits, so Node's out-of-memory line may never
  // arrive; the fatal error's location and its diagnostic report's header name the heap limit too.
  child.on('error', (type, location, report) => stderr.add(`\n${type}: ${location}${reportEvent(report)}\n`))
  // kill() before the process has started does nothing (it has no pid yet): done again once it has.
  let killed = false
  child.on('spawn', () => {
    if (killed) child.kill()
  })
  child.on('exit', (code) => {
    ended = { outOfMemory: stderr.outOfMemory(), detail: [`exit code ${code}`, stderr.tail()].filter(Boolean).join('\n') }
    for (const l of exitListeners.splice(0)) l(ended)
  })
  return {
    postMessage: (message) => child.postMessage(message),
    onMessage: (listener) => void child.on('message', (m) => listener(m as FromExtractWorker)),
    onExit: (listener) => (ended ? listener(ended) : void exitListeners.push(listener)),
    kill: () => {
      killed = true
      child.kill()
    },
    // The app's main process does not end when its event loop is empty.
    keepAlive: () => {}
  }
}

/** What a Node diagnostic report says happened ("Allocation failed - JavaScript heap out of memory"), as ' (…)'. */
function reportEvent(report: string): string {
  try {
    const event = (JSON.parse(report) as { header?: { event?: unknown } }).header?.event
    return typeof event === 'string' ? ` (${event})` : ''
  } catch {
    return ''
  }
}

/** The extraction worker as electron-vite builds it, run as a utility process of the app. */
export const utilityExtractWorker = (entryDir: string): ExtractWorkerEntry => ({
  file: join(entryDir, 'extract-worker.js'),
  launch: utilityReaderProcess
})
