import type { NodeContext } from '../context'
import type { HandlerGroup } from '../handler-types'

export function systemHandlers(ctx: NodeContext): HandlerGroup<'health_check' | 'change_node_name' | 'events'> {
  return {
    health_check: () => ({ status: 'ok', node_name: ctx.nodeName, version: ctx.version }),
    change_node_name({ body }) {
      ctx.identity.rename(body.new_name)
      return 'Successfully changed node name'
    },
    events: () => ({ subscribe: (listener) => ctx.bus.subscribe(listener) })
  }
}
