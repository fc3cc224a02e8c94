import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { readDocumentText, UnreadableContent, type DocumentType } from './document-text'
import type { VfsLogger } from './embedder'
import type { FromExtractWorker, ToExtractWorker } from './extract-worker-protocol'

/** Reads the text of the documents that take a parser (PDF, DOCX). */
export interface DocumentReader {
  /** Rejects with UnreadableContent (a sentence for the uploader) when the document cannot be read. */
  read(type: DocumentType, bytes: Uint8Array): Promise<string>
  close(): Promise<void>
}

/** On this thread (a document being parsed then holds up everything else the thread does). */
export const inProcessReader = (): DocumentReader => ({ read: (type, bytes) => readDocumentText(type, bytes), close: async () => {} })

/** The extraction worker's entry: the bundled file in the app, or the TypeScript source run through tsx. */
export interface ExtractWorkerEntry {
  readonly file: string
  readonly execArgv?: readonly string[]
}

/** The worker as electron-vite builds it, beside the entry (out/main/index.js, out/main/serve.js) whose folder is given. */
export const bundledExtractWorker = (entryDir: string): ExtractWorkerEntry => ({ file: join(entryDir, 'extract-worker.js') })

/** The worker from the sources (tests and benchmarks run them through tsx). */
export const sourceExtractWorker = (): ExtractWorkerEntry => ({ file: join(__dirname, 'extract-worker.ts'), execArgv: ['--import', 'tsx'] })

/** How long one document may take to read: a 2,000-page PDF takes about 6 s here. */
export const DEFAULT_EXTRACT_TIMEOUT_MS = 120_000
/**
 * The worker's heap: mammoth at the DOCX bound (32 MiB of XML) peaked at 2.4 GB. A document that
 * needs more ends the worker (ERR_WORKER_OUT_OF_MEMORY) instead of the node.
 */
export const EXTRACT_HEAP_MB = 3072
/**
 * The worker's young generation. Left to V8 it is 192 MB (64 MB semi-spaces), and one scavenge then
 * moves up to 64 MB into an old generation already at its limit: Node's out-of-memory handling for
 * a worker gives 16 MB past the limit while it stops the thread, so that overshoot aborted the
 * whole process (the node, or the app) instead of ending the worker (nodejs/node#47224). A 6 MiB
 * DOCX read again and again with a 64 MB heap aborted within 2 to 8 reads; with this, none in 48.
 * It costs mammoth about a quarter more time on a DOCX that needs hundreds of MB.
 */
export const EXTRACT_YOUNG_MB = 32
/** Workers that end before loading their parsers, one after another: the thread cannot work here. */
const FAILED_STARTS_BEFORE_FALLBACK = 2

export interface WorkerReaderOptions {
  readonly log: VfsLogger
  readonly timeoutMs?: number
  /** The worker's heap, in MB (default EXTRACT_HEAP_MB). */
  readonly heapMb?: number
}

const KIND: Record<DocumentType, string> = { pdf: 'PDF', docx: 'DOCX' }

/** "2 minutes", "45 seconds", "0.5 seconds". */
function durationText(ms: number): string {
  if (ms >= 120_000 && ms % 60_000 === 0) return `${ms / 60_000} minutes`
  const s = ms / 1000
  return `${Number.isInteger(s) ? s : s.toFixed(1)} second${s === 1 ? '' : 's'}`
}

interface Job {
  readonly type: DocumentType
  readonly bytes: Uint8Array
  readonly resolve: (text: string) => void
  readonly reject: (err: Error) => void
}

/**
 * Reads documents in one worker thread, one at a time, started on the first document. A document
 * gets `timeoutMs` from when the worker takes it (its parsers already loaded, so neither the wait
 * behind other documents nor the worker's start counts); past it, or when the worker runs out of
 * memory, the worker is ended, the document refused with a sentence saying why, and a fresh worker
 * reads the next. When workers keep ending before they are ready (a missing or broken file in a
 * package), documents are read on this thread from then on rather than never.
 */
export function workerReader(entry: ExtractWorkerEntry, options: WorkerReaderOptions): DocumentReader {
  const timeoutMs = options.timeoutMs ?? DEFAULT_EXTRACT_TIMEOUT_MS
  const queue: Job[] = []
  const inProcess = inProcessReader()
  let worker: Worker | undefined
  let ready = false
  let current: { readonly job: Job; readonly id: number; readonly timer: NodeJS.Timeout } | undefined
  let nextId = 1
  let failedStarts = 0
  let useFallback = false
  let closed = false

  function finish(id: number, settle: (job: Job) => void) {
    const c = current
    if (!c || c.id !== id) return
    clearTimeout(c.timer)
    current = undefined
    settle(c.job)
    if (!queue.length) worker?.unref()
    pump()
  }

  function start(): Worker {
    const w = new Worker(entry.file, {
      ...(entry.execArgv ? { execArgv: [...entry.execArgv] } : {}),
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? EXTRACT_HEAP_MB, maxYoungGenerationSizeMb: EXTRACT_YOUNG_MB }
    })
    w.on('message', (m: FromExtractWorker) => {
      if (worker !== w) return
      if (m.type === 'ready') {
        ready = true
        failedStarts = 0
        return pump()
      }
      if (m.type === 'text') return finish(m.id, (job) => job.resolve(m.text))
      if (m.type === 'unreadable') return finish(m.id, (job) => job.reject(new UnreadableContent(m.message)))
      finish(m.id, (job) => job.reject(new Error(m.message)))
    })
    const lost = (err?: NodeJS.ErrnoException) => {
      if (worker !== w) return
      worker = undefined
      const wasReady = ready
      ready = false
      const c = current
      if (c) {
        const memory = err?.code === 'ERR_WORKER_OUT_OF_MEMORY'
        const kind = KIND[c.job.type]
        finish(
          c.id,
          (job) =>
            job.reject(
              new UnreadableContent(
                memory
                  ? `file_data: reading the ${kind} needed more memory than the node gives one document, so it was stopped`
                  : `file_data: the ${kind} could not be read (its reader stopped: ${err?.message ?? 'it exited'})`
              )
            ) // finish pumps: a fresh worker takes the next document
        )
        return
      }
      if (!wasReady && ++failedStarts >= FAILED_STARTS_BEFORE_FALLBACK && !useFallback) {
        useFallback = true
        options.log.error(
          `the document reading thread (${entry.file}) ended ${failedStarts} times before it was ready; PDF and DOCX files are now read on the main thread`,
          err
        )
      }
      pump()
    }
    w.on('error', (err: NodeJS.ErrnoException) => lost(err))
    w.on('exit', () => lost())
    return w
  }

  function timedOut(id: number) {
    const c = current
    if (!c || c.id !== id) return
    const w = worker
    worker = undefined
    ready = false
    void w?.terminate()
    finish(id, (job) =>
      job.reject(
        new UnreadableContent(
          `file_data: reading the ${KIND[job.type]} took longer than ${durationText(timeoutMs)}, so the node stopped it; the file may be damaged or unusually complex`
        )
      )
    )
  }

  function pump() {
    if (closed || current || !queue.length) return
    if (useFallback) {
      for (const job of queue.splice(0)) inProcess.read(job.type, job.bytes).then(job.resolve, job.reject)
      return
    }
    if (!worker) {
      try {
        worker = start()
      } catch (err) {
        options.log.error('the document reading thread could not be started', err)
        useFallback = true
        return pump()
      }
    }
    worker.ref()
    if (!ready) return // 'ready' pumps again
    const job = queue.shift()!
    const id = nextId++
    // The worker gets its own copy, transferred: the caller's bytes may still be needed (and stored).
    const bytes = new Uint8Array(job.bytes)
    current = { job, id, timer: setTimeout(() => timedOut(id), timeoutMs) }
    worker.postMessage({ type: 'read', id, fileType: job.type, bytes } satisfies ToExtractWorker, [bytes.buffer])
  }

  return {
    read(type, bytes) {
      if (closed) return Promise.reject(new Error('the document reader is closed'))
      return new Promise<string>((resolve, reject) => {
        queue.push({ type, bytes, resolve, reject })
        pump()
      })
    },
    async close() {
      closed = true
      const w = worker
      worker = undefined
      const stopped = new Error('the node is stopping')
      if (current) {
        clearTimeout(current.timer)
        current.job.reject(stopped)
        current = undefined
      }
      for (const job of queue.splice(0)) job.reject(stopped)
      await w?.terminate()
    }
  }
}
