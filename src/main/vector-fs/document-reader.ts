import { join } from 'node:path'
import { readDocumentText, UnreadableContent, type DocumentType } from './document-text'
import type { VfsLogger } from './embedder'
import {
  forkReaderProcess,
  type ReaderProcess,
  type ReaderProcessEntry,
  type ReaderProcessExit,
  type ReaderProcessLauncher
} from './reader-process'

/** Reads the text of the documents that take a parser (PDF, DOCX). */
export interface DocumentReader {
  /** Rejects with UnreadableContent (a sentence for the uploader) when the document cannot be read. */
  read(type: DocumentType, bytes: Uint8Array): Promise<string>
  close(): Promise<void>
}

/** On this thread (a document being parsed then holds up everything else the thread does). */
export const inProcessReader = (): DocumentReader => ({ read: (type, bytes) => readDocumentText(type, bytes), close: async () => {} })

/** The extraction worker's entry: the bundled file in the app, or the TypeScript source run through tsx. */
export interface ExtractWorkerEntry extends ReaderProcessEntry {
  /** How its process is started: a Node child unless given (the app gives an Electron utility process). */
  readonly launch?: ReaderProcessLauncher
}

/** The worker as electron-vite builds it, beside the entry (out/main/index.js, out/main/serve.js) whose folder is given. */
export const bundledExtractWorker = (entryDir: string): ExtractWorkerEntry => ({ file: join(entryDir, 'extract-worker.js') })

/** The worker from the sources (tests and benchmarks run them through tsx). */
export const sourceExtractWorker = (): ExtractWorkerEntry => ({ file: join(__dirname, 'extract-worker.ts'), execArgv: ['--import', 'tsx'] })

/** How long one document may take to read: a 2,000-page PDF takes about 6 s here. */
export const DEFAULT_EXTRACT_TIMEOUT_MS = 120_000
/**
 * The reading process's heap: mammoth at the DOCX bound (32 MiB of XML) peaked at 2.4 GB. A
 * document that needs more ends that process, never the node: a worker thread at its heap limit
 * could abort the whole node instead (nodejs/node#47224), which a process of its own cannot.
 */
export const EXTRACT_HEAP_MB = 3072
/**
 * How long a reading process may take to load its parsers and say it is ready (a few hundred ms
 * here, seconds on a slow disk). Without a limit, one whose start hangs would keep every PDF and
 * DOCX upload waiting with no answer for as long as the node runs.
 */
export const DEFAULT_EXTRACT_START_TIMEOUT_MS = 60_000
/** Processes that end before loading their parsers, one after another: they cannot run here. */
const FAILED_STARTS_BEFORE_FALLBACK = 2

export interface ProcessReaderOptions {
  readonly log: VfsLogger
  readonly timeoutMs?: number
  /** How long a process may take to be ready; past it, it counts as a start that failed. */
  readonly startTimeoutMs?: number
  /** The reading process's heap, in MB (default EXTRACT_HEAP_MB). */
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
 * Reads documents in one process of their own, one at a time, started on the first document. A
 * document gets `timeoutMs` from when the process takes it (its parsers already loaded, so neither
 * the wait behind other documents nor the process's start counts); past it, or when the process
 * runs out of memory or dies, the process is ended, the document refused with a sentence saying
 * why, and a fresh process reads the next. When processes keep ending, or hanging past
 * `startTimeoutMs`, before they are ready (a missing or broken file in a package), documents are
 * read on this thread from then on rather than never. `close()` ends the process; killed, the node leaves none behind either, since the
 * process ends itself when its channel to the node closes.
 */
export function processReader(entry: ExtractWorkerEntry, options: ProcessReaderOptions): DocumentReader {
  const timeoutMs = options.timeoutMs ?? DEFAULT_EXTRACT_TIMEOUT_MS
  const startTimeoutMs = options.startTimeoutMs ?? DEFAULT_EXTRACT_START_TIMEOUT_MS
  const launch = entry.launch ?? forkReaderProcess
  const queue: Job[] = []
  const inProcess = inProcessReader()
  let reader: ReaderProcess | undefined
  let ready = false
  let current: { readonly job: Job; readonly id: number; readonly timer: NodeJS.Timeout } | undefined
  let nextId = 1
  let failedStarts = 0
  let useFallback = false
  let closed = false
  let exited: Promise<void> = Promise.resolve()

  function finish(id: number, settle: (job: Job) => void) {
    const c = current
    if (!c || c.id !== id) return
    clearTimeout(c.timer)
    current = undefined
    settle(c.job)
    if (!queue.length) reader?.keepAlive(false)
    pump()
  }

  function start(): ReaderProcess {
    const p = launch(entry, options.heapMb ?? EXTRACT_HEAP_MB)
    exited = new Promise((done) => p.onExit(() => done()))
    const startLimit = setTimeout(() => {
      if (reader !== p || ready) return
      p.kill()
      // Taken as ended now: a 'ready' it might still send while dying must not hand it a document.
      lost(p, { outOfMemory: false, detail: `not ready after ${durationText(startTimeoutMs)}` })
    }, startTimeoutMs)
    p.onMessage((m) => {
      if (reader !== p) return
      if (m.type === 'ready') {
        clearTimeout(startLimit)
        ready = true
        failedStarts = 0
        return pump()
      }
      if (m.type === 'text') return finish(m.id, (job) => job.resolve(m.text))
      if (m.type === 'unreadable') return finish(m.id, (job) => job.reject(new UnreadableContent(m.message, { cause: m.cause })))
      finish(m.id, (job) => job.reject(new Error(m.message)))
    })
    p.onExit((exit) => {
      clearTimeout(startLimit)
      lost(p, exit)
    })
    return p
  }

  function lost(p: ReaderProcess, exit: ReaderProcessExit) {
    if (reader !== p) return
    reader = undefined
    const wasReady = ready
    ready = false
    const c = current
    if (c) {
      const kind = KIND[c.job.type]
      if (!exit.outOfMemory) options.log.error(`the document reading process stopped while reading a ${kind}`, new Error(exit.detail))
      // finish pumps: a fresh process takes the next document
      finish(c.id, (job) =>
        job.reject(
          new UnreadableContent(
            exit.outOfMemory
              ? `reading it needed more memory than the node gives one document, so it was stopped`
              : `the node's document reader stopped unexpectedly while reading it`
          )
        )
      )
      return
    }
    if (!wasReady && ++failedStarts >= FAILED_STARTS_BEFORE_FALLBACK && !useFallback) {
      useFallback = true
      options.log.error(
        `the document reading process (${entry.file}) ended or was stopped ${failedStarts} times before it was ready; PDF and DOCX files are now read on the main thread`,
        new Error(exit.detail)
      )
    }
    pump()
  }

  function timedOut(id: number) {
    const c = current
    if (!c || c.id !== id) return
    const p = reader
    reader = undefined
    ready = false
    p?.kill()
    finish(id, (job) =>
      job.reject(
        new UnreadableContent(
          `reading it took longer than ${durationText(timeoutMs)}, so the node stopped it; the file may be damaged or unusually complex`
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
    if (!reader) {
      try {
        reader = start()
      } catch (err) {
        options.log.error('the document reading process could not be started', err)
        useFallback = true
        return pump()
      }
    }
    reader.keepAlive(true)
    if (!ready) return // 'ready' pumps again
    const job = queue.shift()!
    const id = nextId++
    current = { job, id, timer: setTimeout(() => timedOut(id), timeoutMs) }
    // Serialized on the way: the caller keeps its bytes (they may still be stored).
    reader.postMessage({ type: 'read', id, fileType: job.type, bytes: job.bytes })
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
      const p = reader
      reader = undefined
      const stopped = new Error('the node is stopping')
      if (current) {
        clearTimeout(current.timer)
        current.job.reject(stopped)
        current = undefined
      }
      for (const job of queue.splice(0)) job.reject(stopped)
      p?.kill()
      await exited
    }
  }
}
