import type { Store } from '../store'
import type { Clock } from './clock'
import type { EventBus } from './event-bus'
import type { Logger } from './logger'

export const DEFAULT_NODE_NAME = '@@localhost.sep-shinkai'
export const NODE_PROFILE = 'main'

/** Everything a handler may touch. */
export interface NodeContext {
  readonly store: Store
  readonly bus: EventBus
  readonly clock: Clock
  readonly log: Logger
  readonly nodeName: string
  readonly version: string
}
