import { Worker } from 'node:worker_threads'
import { getHeapStatistics } from 'node:v8'

/**
 * What the reading process writes to stderr as it stops itself past its memory limit (reader-process.ts
 * reads it as running out of memory, as V8's own line at the heap limit).
 */
export const PAST_MEMORY_LIMIT = 'Nodedesk document reader: past its memory limit'

/**
 * The memory a reading process may hold beside its heap (the document's bytes, the streams PDF.js
 * inflates, which V8 keeps outside the heap and its limit): a third of the heap's limit, at least 256 MiB.
 * A 2.6 MB PDF whose one stream inflates to 2.5 GB took 5.7 GB of memory under a 3 GB heap limit.
 */
export function outsideHeapAllowance(heapLimitBytes: number): number {
  return Math.max(256 * 1024 * 1024, Math.floor(heapLimitBytes / 3))
}

/**
 * Ends this process once it holds more than its heap's limit and the allowance beside it, even while its
 * main thread is busy inflating a stream: a thread of its own looks at the process's memory every
 * `intervalMs`, says why on stderr, and kills the process. The node then refuses the document as one
 * that needed more memory than it is given.
 */
export function stopPastMemory(intervalMs = 50): void {
  const heap = getHeapStatistics().heap_size_limit
  const watch = new Worker(
    `const { workerData: { limit, line, intervalMs } } = require('node:worker_threads')
    const { writeSync } = require('node:fs')
    setInterval(() => {
      if (process.memoryUsage.rss() <= limit) return
      try { writeSync(2, '\\n' + line + '\\n') } catch {}
      process.kill(process.pid, 'SIGKILL')
    }, intervalMs)`,
    { eval: true, workerData: { limit: heap + outsideHeapAllowance(heap), line: PAST_MEMORY_LIMIT, intervalMs } }
  )
  // It must not keep an idle process alive.
  watch.unref()
}
