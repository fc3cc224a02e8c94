import type { NodeContext } from '../context'
import type { Handlers } from '../handler-types'
import { inboxManagementHandlers } from './inbox-management'
import { inboxHandlers } from './inboxes'
import { jobHandlers } from './jobs'
import { messageHandlers } from './messages'
import { providerHandlers } from './providers'
import { providerBatchHandlers } from './provider-batch'
import { providerUsageHandlers } from './provider-usage'
import { runtimeHandlers } from './runtime'
import { systemHandlers } from './system'
import { vectorFsHandlers } from './vector-fs'

export function createHandlers(ctx: NodeContext): Handlers {
  return {
    ...systemHandlers(ctx),
    ...providerHandlers(ctx),
    ...jobHandlers(ctx),
    ...inboxHandlers(ctx),
    ...inboxManagementHandlers(ctx),
    ...messageHandlers(ctx),
    ...runtimeHandlers(ctx),
    ...vectorFsHandlers(ctx),
    ...providerBatchHandlers(ctx),
    ...providerUsageHandlers(ctx)
  }
}
