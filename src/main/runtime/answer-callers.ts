import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { ProviderProtocol } from '../../shared/provider-catalog'
import type { Logger } from '../platform/logger'
import { runAnswerCall, type AnswerAbortReason, type AnswerCallOutcome, type AnswerCallRequest } from './answer-call'
import type { FromProviderWorker, ToProviderWorker } from './provider-worker-protocol'

/** Makes answers' provider calls. */
export interface AnswerCaller {
  /** Never rejects. `signal` aborts with an AnswerAbortReason; the outcome then carries it. */
  call(req: AnswerCallRequest, signal: AbortSignal, onDelta: (text: string) => void): Promise<AnswerCallOutcome>
  /**
   * Gets ready for calls of these protocols (their SDKs loaded, which takes most of a second), so
   * that the first answer after a start does not wait for it. Resolves when ready, never rejects.
   */
  warm(protocols: readonly ProviderProtocol[]): Promise<void>
  /** Ends the calls' thread, if any (after the calls have ended). */
  close(): Promise<void>
}

/** Calls on this thread, through `fetchImpl` (tests give their own fetch, which cannot cross to a worker). */
export function inProcessCaller(fetchImpl: typeof fetch = fetch): AnswerCaller {
  return {
    call: (req, signal, onDelta) => runAnswerCall(req, fetchImpl, signal, onDelta),
    // Loading SDKs here would hold up this thread (the API's) for most of a second: the first call loads its own.
    warm: async () => {},
    close: async () => {}
  }
}

/** The provider worker's entry: the bundled file in the app, or the TypeScript source run through tsx. */
export interface ProviderWorkerEntry {
  readonly file: string
  readonly execArgv?: readonly string[]
}

/** The worker as electron-vite builds it, beside the entry (out/main/index.js, out/main/serve.js) whose folder is given. */
export const bundledProviderWorker = (entryDir: string): ProviderWorkerEntry => ({ file: join(entryDir, 'provider-worker.js') })

/** The worker from the sources (tests and benchmarks run them through tsx). */
export const sourceProviderWorker = (): ProviderWorkerEntry => ({
  file: join(__dirname, 'provider-worker.ts'),
  execArgv: ['--import', 'tsx']
})

/**
 * The app's and headless mode's warm-up of the provider thread (RuntimeOptions.warmUpAfterMs):
 * after the start's own work, before a first question is likely.
 */
export const APP_WARM_UP_MS = 300

/** The code an answer gets when the worker stopped under it: a local trouble, so the question waits and is asked again. */
export const WORKER_LOST = 'PROVIDER_WORKER_STOPPED'

/** Workers that end one after another without finishing any call: the thread cannot work here. */
const FAILED_STARTS_BEFORE_FALLBACK = 2

/**
 * Calls in one worker thread, started on the first call: the SDKs, HTTP and the parsing of streamed
 * replies then cost the main thread (which serves the API, writes the database and, in the app,
 * talks to the window) only a message per delta. A worker that dies is started again on the next
 * call; the calls it had end as a local error, so their questions are asked again after a pause.
 * When workers keep ending before finishing any call (a missing or broken file in a package), the
 * calls go to `fallback` (this thread) from then on, rather than every question waiting for ever.
 */
export function workerCaller(entry: ProviderWorkerEntry, log: Logger, fallback: AnswerCaller = inProcessCaller()): AnswerCaller {
  let worker: Worker | undefined
  let nextId = 1
  let failedStarts = 0
  let useFallback = false
  const workerFailed = () => {
    if (useFallback || ++failedStarts < FAILED_STARTS_BEFORE_FALLBACK) return
    useFallback = true
    log.error(
      `the provider thread (${entry.file}) ended ${failedStarts} times before finishing a call; provider calls now run on the main thread`
    )
  }
  const pending = new Map<number, { onDelta: (text: string) => void; end: (outcome: AnswerCallOutcome) => void }>()
  /** Warm-ups asked of the current worker, in order (a worker answers them in order). */
  let warming: (() => void)[] = []

  const lostOutcome = (): AnswerCallOutcome => ({
    kind: 'failed',
    failure: { kind: 'provider_error', message: 'The node could not finish the provider call: its provider thread stopped.' },
    localError: WORKER_LOST,
    text: ''
  })

  function start(): Worker {
    const w = new Worker(entry.file, entry.execArgv ? { execArgv: [...entry.execArgv] } : {})
    w.on('message', (m: FromProviderWorker) => {
      if (m.type === 'warmed') {
        if (m.failed.length) log.error(`the provider thread could not load the SDKs for ${m.failed.join(', ')}; calls will try again`)
        else log.info(`provider thread ready for ${m.protocols.join(', ')} (SDKs loaded in ${m.ms.toFixed(0)} ms)`)
        warming.shift()?.()
        if (pending.size === 0 && warming.length === 0) w.unref()
        return
      }
      const p = pending.get(m.id)
      if (!p) return
      if (m.type === 'delta') return p.onDelta(m.text)
      pending.delete(m.id)
      failedStarts = 0
      p.end(m.outcome)
      // An idle worker does not keep the process alive.
      if (pending.size === 0 && warming.length === 0) w.unref()
    })
    const lost = () => {
      if (worker !== w) return
      worker = undefined
      workerFailed()
      const ended = [...pending.values()]
      pending.clear()
      for (const p of ended) p.end(lostOutcome())
      const waiting = warming
      warming = []
      for (const done of waiting) done()
    }
    w.on('error', (err) => {
      log.error('the provider thread failed', err)
      lost()
    })
    w.on('exit', lost)
    return w
  }

  return {
    call(req, signal, onDelta) {
      if (signal.aborted) return Promise.resolve({ kind: 'aborted', reason: signal.reason as AnswerAbortReason, text: '' })
      if (useFallback) return fallback.call(req, signal, onDelta)
      let w: Worker
      try {
        w = worker ??= start()
      } catch (err) {
        log.error('the provider thread could not be started', err)
        workerFailed()
        return Promise.resolve(lostOutcome())
      }
      const id = nextId++
      return new Promise<AnswerCallOutcome>((resolve) => {
        const onAbort = () => {
          if (worker === w && pending.has(id))
            w.postMessage({ type: 'abort', id, reason: signal.reason as AnswerAbortReason } satisfies ToProviderWorker)
        }
        signal.addEventListener('abort', onAbort, { once: true })
        pending.set(id, {
          onDelta,
          end: (outcome) => {
            signal.removeEventListener('abort', onAbort)
            resolve(outcome)
          }
        })
        try {
          w.ref()
          w.postMessage({ type: 'call', id, request: req } satisfies ToProviderWorker)
        } catch (err) {
          log.error('a provider call could not be handed to the provider thread', err)
          pending.get(id)?.end(lostOutcome())
          pending.delete(id)
        }
      })
    },
    warm(protocols) {
      if (useFallback || protocols.length === 0) return Promise.resolve()
      return new Promise<void>((resolve) => {
        try {
          const w = (worker ??= start())
          warming.push(resolve)
          w.ref()
          w.postMessage({ type: 'warm', protocols } satisfies ToProviderWorker)
        } catch (err) {
          // Not fatal: the first call starts the thread (or falls back) as it would have.
          log.error('the provider thread could not be started ahead of the first call', err)
          warming = warming.filter((d) => d !== resolve)
          resolve()
        }
      })
    },
    async close() {
      const w = worker
      worker = undefined
      const waiting = warming
      warming = []
      for (const done of waiting) done()
      const ended = [...pending.values()]
      pending.clear()
      for (const p of ended) p.end({ kind: 'aborted', reason: 'shutdown', text: '' })
      await w?.terminate()
      await fallback.close()
    }
  }
}
