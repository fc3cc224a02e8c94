import type { NodeContext } from '../context'
import type { HandlerGroup } from '../handler-types'

export function systemHandlers(ctx: NodeContext): HandlerGroup<'health_check' | 'events'> {
  return {
    health_check: () => ({ status: 'ok', node_name: ctx.nodeName, version: ctx.version }),
    events: () => ({ subscribe: (listener) => ctx.bus.subscribe(listener) })
  }
}
