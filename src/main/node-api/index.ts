import { idleRuntime, type AnswerRuntime } from '../domain/answering'
import type { MessageChain } from '../domain/message-chain'
import type { NodeIdentity } from '../domain/node-identity'
import type { Clock } from '../platform/clock'
import type { EventBus } from '../platform/event-bus'
import type { Logger } from '../platform/logger'
import { DEFAULT_TIMEOUTS, type CallTimeouts } from '../runtime/model-call'
import type { Store } from '../store'
import type { VectorFs } from '../vector-fs'
import type { NodeContext } from './context'
import { createRouter, type Router } from './router'
import { checkMemory } from '../domain/provider-checks'
import type { ExportFormat } from '../../shared/contract/inbox-management'
import { openInboxExport, type InboxExport } from './inbox-export'

export interface NodeApiOptions {
  readonly store: Store
  readonly bus: EventBus
  readonly clock: Clock
  readonly log: Logger
  readonly chain: MessageChain
  readonly vectorFs: VectorFs
  readonly identity: NodeIdentity
  readonly version: string
  /** Answers questions; idleRuntime (the default) stores them unanswered, for tests of the API alone. */
  readonly runtime?: AnswerRuntime
  readonly callTimeouts?: CallTimeouts
}

export interface NodeApi {
  readonly router: Router
  readonly ctx: NodeContext
  /**
   * The node begins to stop: embedding lookups under way for searches and answers end now, which
   * then go on with keywords alone (they only wait, and a silent server held the stop for 15 s).
   */
  endLookups(): void
  /** The node is about to stop: provider calls under way for requests end now (see NodeContext.stopping), and lookups. */
  beginStop(): void
  /** An inbox's export as text (the desktop app writes it to the file the operator picks). */
  openExport(inboxName: string, format: ExportFormat): InboxExport | undefined
}

/** The router both transports serve, over a context built once from its parts. */
export function createNodeApi(options: NodeApiOptions): NodeApi {
  const stop = new AbortController()
  const ctx: NodeContext = {
    store: options.store,
    bus: options.bus,
    clock: options.clock,
    log: options.log,
    chain: options.chain,
    vectorFs: options.vectorFs,
    get nodeName() {
      return options.identity.name()
    },
    identity: options.identity,
    version: options.version,
    callTimeouts: options.callTimeouts ?? DEFAULT_TIMEOUTS,
    stopping: stop.signal,
    runtime: options.runtime ?? idleRuntime,
    checks: checkMemory()
  }
  return {
    ctx,
    router: createRouter(ctx),
    endLookups: () => options.vectorFs.stopQueries(),
    beginStop: () => {
      options.vectorFs.stopQueries()
      stop.abort()
    },
    openExport: (inboxName, format) => openInboxExport(ctx.store, inboxName, format)
  }
}

export type { Router, NodeRequest, NodeResponse, SerializedResponse } from './router'
export type { InboxExport } from './inbox-export'
