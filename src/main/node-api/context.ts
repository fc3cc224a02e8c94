import type { CallTimeouts } from '../runtime/model-call'
import type { Store } from '../store'
import type { Clock } from './clock'
import type { EventBus } from './event-bus'
import type { Logger } from './logger'

export const DEFAULT_NODE_NAME = '@@localhost.sep-shinkai'
export const NODE_PROFILE = 'main'

/** Answers queued questions through the job's provider (src/main/runtime). */
export interface AnswerRuntime {
  /** A question was queued in this inbox. */
  wake(inboxId: string): void
  /** Cancels the answer being written in this inbox, keeping what was written; false when none is. */
  stop(inboxId: string): boolean
  /** Whether an answer is being written in this inbox. */
  busy(inboxId: string): boolean
}

/** For nodes that store questions but do not answer them (tests of the API alone). */
export const idleRuntime: AnswerRuntime = { wake: () => {}, stop: () => false, busy: () => false }

/** Everything a handler may touch. */
export interface NodeContext {
  readonly store: Store
  readonly bus: EventBus
  readonly clock: Clock
  readonly log: Logger
  readonly nodeName: string
  readonly version: string
  /** Time-outs of provider calls (answers, connection tests, model lists). */
  readonly callTimeouts: CallTimeouts
  /** Set once when the node starts (the runtime itself needs the context). */
  runtime: AnswerRuntime
}
