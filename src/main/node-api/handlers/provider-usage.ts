import type { NodeContext } from '../context'
import { notFound } from '../errors'
import type { HandlerGroup } from '../handler-types'

/** Asked by the window before it offers to remove a provider, so the dialog can say up front what the removal would meet. */
export function providerUsageHandlers(ctx: NodeContext): HandlerGroup<'provider_usage'> {
  return {
    provider_usage({ query }) {
      const usage = ctx.store.providers.usage(query.llm_provider_id)
      if (!usage) throw notFound(`llm_provider_id: no LLM provider with id '${query.llm_provider_id}'`)
      return usage
    }
  }
}
