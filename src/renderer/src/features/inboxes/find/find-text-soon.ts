import type { LastMessage } from '../../../../../shared/contract/message'
import { lazyWorker } from '../../../app/lazy-worker'
import type { HoldsAnswer, HoldsAsked } from './shown-text-holds'

/*
 * Whether a long message holds the find's words, worked out in a worker (shown-text.worker.ts): for a long
 * answer, one parse of its Markdown (find-text.ts) is longer than a frame, and can be seconds.
 *
 * One question at a time is with the worker, the others wait here: a question whose find was superseded
 * (another word typed) before its turn is never sent. Sent all at once, typing fast over huge messages
 * queued in the worker one question per word typed, each worked out in turn (the message copied to the
 * worker for each), the one for the word on screen last.
 */

/** From this many characters, whether a message holds the words is worked out off the window's thread. */
export const OFF_THREAD_CHARS = 20_000

interface Question {
  readonly asked: HoldsAsked
  readonly give: (holds: boolean | undefined) => void
  readonly signal: AbortSignal | undefined
}

let nextId = 0
/** The question with the worker, if any, and those waiting their turn, oldest first. */
let asking: Question | undefined
const queued: Question[] = []

/** The worker, started at its first use; null where none can be had (then the message is matched here). */
const theWorker = lazyWorker<HoldsAnswer>(
  () => new Worker(new URL('./shown-text.worker.ts', import.meta.url), { type: 'module' }),
  (answer, worker) => {
    if (asking?.asked.id !== answer.id) return
    const { give } = asking
    asking = undefined
    give(answer.holds)
    askNext(worker)
  },
  // The worker could not load or broke: the messages asked about are matched here, as without one.
  () => {
    const given = [...(asking ? [asking] : []), ...queued.splice(0)]
    asking = undefined
    for (const { give } of given) give(undefined)
  }
)

/** Sends the worker the oldest question still wanted, when it has none. */
function askNext(worker: Worker): void {
  if (asking !== undefined) return
  asking = queued.shift()
  if (asking) worker.postMessage(asking.asked)
}

/**
 * Whether `m` holds `words`, worked out in the worker, for a message of OFF_THREAD_CHARS or more where a
 * worker can be had; else undefined (match it here). Undefined too when the worker broke meanwhile, and
 * at once when `signal` is aborted (the find superseded) before the question was sent.
 */
export function holdsOffThread(m: LastMessage, words: readonly string[], signal?: AbortSignal): Promise<boolean | undefined> | undefined {
  const w = m.job_message.content.length >= OFF_THREAD_CHARS ? theWorker() : null
  if (w === null) return undefined
  if (signal?.aborted) return Promise.resolve(undefined)
  return new Promise((give) => {
    const question: Question = { asked: { id: nextId++, message: m, words }, give, signal }
    queued.push(question)
    signal?.addEventListener(
      'abort',
      () => {
        const at = queued.indexOf(question)
        if (at < 0) return
        queued.splice(at, 1)
        give(undefined)
      },
      { once: true }
    )
    askNext(w)
  })
}
