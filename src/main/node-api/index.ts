import type { Store } from '../store'
import { monotonicClock, type Clock } from './clock'
import { DEFAULT_NODE_NAME, idleRuntime, type NodeContext } from './context'
import { createEventBus, type EventBus } from './event-bus'
import { consoleLogger, type Logger } from './logger'
import { DEFAULT_TIMEOUTS, type CallTimeouts } from '../runtime/model-call'
import { createRouter, type Router } from './router'

export interface NodeApiOptions {
  readonly store: Store
  readonly nodeName?: string
  readonly version: string
  readonly log?: Logger
  readonly clock?: Clock
  readonly bus?: EventBus
  readonly callTimeouts?: CallTimeouts
}

export interface NodeApi {
  readonly router: Router
  readonly ctx: NodeContext
}

/** The embedded node: its context and the router both transports serve. */
export function createNodeApi(options: NodeApiOptions): NodeApi {
  const log = options.log ?? consoleLogger
  const ctx: NodeContext = {
    store: options.store,
    bus: options.bus ?? createEventBus((err) => log.error('event listener failed', err)),
    clock: options.clock ?? monotonicClock(),
    log,
    nodeName: options.nodeName ?? DEFAULT_NODE_NAME,
    version: options.version,
    callTimeouts: options.callTimeouts ?? DEFAULT_TIMEOUTS,
    runtime: idleRuntime
  }
  return { ctx, router: createRouter(ctx) }
}

export type { Router, NodeRequest, NodeResponse, SerializedResponse } from './router'
