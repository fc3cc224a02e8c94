import type { AnswerRuntime } from '../domain/answering'
import type { MessageChain } from '../domain/message-chain'
import type { CheckMemory } from '../domain/provider-checks'
import type { Clock } from '../platform/clock'
import type { EventBus } from '../platform/event-bus'
import type { Logger } from '../platform/logger'
import type { CallTimeouts } from '../runtime/model-call'
import type { Store } from '../store'
import type { VectorFs } from '../vector-fs'

/** Everything a handler may touch, fixed when the node API is built. */
export interface NodeContext {
  readonly store: Store
  readonly bus: EventBus
  readonly clock: Clock
  readonly log: Logger
  readonly nodeName: string
  readonly version: string
  /** Time-outs of provider calls (connection tests, model lists). */
  readonly callTimeouts: CallTimeouts
  readonly chain: MessageChain
  /** The document library (folders, files, passages, embeddings). */
  readonly vectorFs: VectorFs
  readonly runtime: AnswerRuntime
  /** Recent provider test results, to become the last_check of settings saved as tested. */
  readonly checks: CheckMemory
}
