import { Worker } from 'node:worker_threads'

/**
 * Ends this process once the process that started it is gone, even while this one's main thread is
 * busy: parsing a document can keep it in promise callbacks for seconds on end, never reading the
 * IPC channel whose closing says the parent died, and the parent kept the time limit. A thread of
 * its own looks every `intervalMs` whether the parent is still there (its pid, or, on systems that
 * give orphans a new parent, the parent pid changing).
 */
export function exitWithParent(intervalMs = 250): void {
  const watch = new Worker(
    `const { workerData: { parent, intervalMs } } = require('node:worker_threads')
    setInterval(() => {
      let gone = process.ppid !== parent
      try { process.kill(parent, 0) } catch (err) { gone ||= err.code === 'ESRCH' }
      if (gone) process.kill(process.pid, 'SIGKILL')
    }, intervalMs)`,
    { eval: true, workerData: { parent: process.ppid, intervalMs } }
  )
  // It must not keep an idle process alive: that one ends by itself once its channel closes.
  watch.unref()
}
