import type { AnswerRuntime } from '../domain/answering'
import type { MessageChain } from '../domain/message-chain'
import type { NodeIdentity } from '../domain/node-identity'
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
  /** The node's name now (see identity). */
  readonly nodeName: string
  readonly identity: NodeIdentity
  readonly version: string
  /** Time-outs of provider calls (connection tests, model lists). */
  readonly callTimeouts: CallTimeouts
  /**
   * Aborted when the node begins to stop (headless: once the stop's grace for requests in flight
   * is over, serve-stop.ts): a provider call made for a request (a test, a check, a model list),
   * which may wait up to its time-out, ends then and its request answers 503, instead of the stop
   * cutting its connection without an answer.
   */
  readonly stopping: AbortSignal
  readonly chain: MessageChain
  /** The document library (folders, files, passages, embeddings). */
  readonly vectorFs: VectorFs
  readonly runtime: AnswerRuntime
  /** Recent provider test results, to become the last_check of settings saved as tested. */
  readonly checks: CheckMemory
}
