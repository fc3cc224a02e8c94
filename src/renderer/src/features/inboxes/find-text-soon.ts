import type { LastMessage } from '../../../../shared/contract/message'
import type { HoldsAnswer, HoldsAsked } from './shown-text.worker'

/*
 * Whether a long message holds the find's words, worked out in a worker (shown-text.worker.ts): for a long
 * answer, one parse of its Markdown (find-text.ts) is longer than a frame, and can be seconds.
 */

/** From this many characters, whether a message holds the words is worked out off the window's thread. */
export const OFF_THREAD_CHARS = 20_000

let worker: Worker | null | undefined
let nextId = 0
const waiting = new Map<number, (holds: boolean | undefined) => void>()

/** The worker, started at its first use; null where none can be had (then the message is matched here). */
function theWorker(): Worker | null {
  if (worker !== undefined) return worker
  try {
    worker = typeof Worker === 'undefined' ? null : new Worker(new URL('./shown-text.worker.ts', import.meta.url), { type: 'module' })
  } catch {
    worker = null
  }
  worker?.addEventListener('message', (e: MessageEvent<HoldsAnswer>) => {
    waiting.get(e.data.id)?.(e.data.holds)
    waiting.delete(e.data.id)
  })
  // The worker could not load or broke: the messages asked about are matched here, as without one.
  worker?.addEventListener('error', () => {
    worker?.terminate()
    worker = null
    for (const give of waiting.values()) give(undefined)
    waiting.clear()
  })
  return worker
}

/**
 * Whether `m` holds `words`, worked out in the worker, for a message of OFF_THREAD_CHARS or more where a
 * worker can be had; else undefined (match it here). Undefined too when the worker broke meanwhile.
 */
export function holdsOffThread(m: LastMessage, words: readonly string[]): Promise<boolean | undefined> | undefined {
  const w = m.job_message.content.length >= OFF_THREAD_CHARS ? theWorker() : null
  if (w === null) return undefined
  return new Promise((give) => {
    const id = nextId++
    waiting.set(id, give)
    const asked: HoldsAsked = { id, message: m, words }
    w.postMessage(asked)
  })
}
