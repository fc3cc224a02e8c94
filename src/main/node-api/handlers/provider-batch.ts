import type { LlmProvider } from '../../../shared/contract/provider'
import { ProviderFailure } from '../../runtime/provider-errors'
import { targetFor, UnreadableKeyFailure } from '../../runtime/provider-target'
import type { NodeContext } from '../context'
import { ApiError, badRequest, conflict, notFound } from '../errors'
import type { HandlerGroup } from '../handler-types'
import { checkForSaved, keepTestResult, lastCheckOf, runCheck, storedKeyOf, type CheckOutcome } from '../provider-checks'
import { storedForm } from './providers'
import { meantUrl } from '../sent-url'
import { modelKind } from '../../../shared/contract/identity'

type ProviderBatchRoutes = 'add_llm_providers' | 'check_llm_provider'

export function providerBatchHandlers(ctx: NodeContext): HandlerGroup<ProviderBatchRoutes> {
  const { store, bus, clock } = ctx
  return {
    add_llm_providers({ body, rawBody }) {
      const raws = (rawBody as { providers: unknown[] }).providers
      body.providers.forEach((p, i) =>
        meantUrl(ctx, p.id, p.external_url, modelKind(p.model).kind, { field: `providers[${i}].external_url`, adding: true })
      )
      const now = clock.next()
      const firstExisting = store.providers.insertAll(
        body.providers.map((p: LlmProvider, i) => ({
          id: p.id,
          ...storedForm(raws[i], p),
          apiKey: p.api_key ? store.secrets.seal(p.api_key) : null,
          now,
          lastCheckJson: checkForSaved(ctx, raws[i], p.api_key || '')
        }))
      )
      if (firstExisting !== undefined) {
        const i = body.providers.findIndex((p) => p.id === firstExisting)
        throw conflict(
          `providers[${i}].id: An LLM provider with id '${firstExisting}' already exists, so none of the ${body.providers.length} was added. Choose another id.`
        )
      }
      for (const p of body.providers) bus.emit({ type: 'provider_changed', data: { id: p.id } })
      return 'Successfully added LLM providers'
    },

    async check_llm_provider({ body }) {
      const id = body.llm_provider_id
      const row = store.providers.get(id)
      if (!row) throw notFound(`llm_provider_id: no LLM provider with id '${id}'`)
      const provider = JSON.parse(row.provider_json) as Parameters<typeof targetFor>[0]
      let outcome: CheckOutcome
      const begun = ctx.checks.begin()
      try {
        // Exactly as stored: its own URL (or its kind's default) and its own key, so the key goes nowhere else.
        outcome = await runCheck(ctx, targetFor(provider, row.api_key, store))
      } catch (err) {
        if (!(err instanceof ProviderFailure)) throw err
        outcome = { ok: false, failure: err } // no usable key: the check fails without calling anyone
      }
      const check = lastCheckOf(ctx, outcome)
      // Kept as a test of these settings is: saved back to them after an edit elsewhere, the
      // provider starts from this check, not from an older test of the same settings.
      keepTestResult(ctx, id, provider, storedKeyOf(ctx, row), check, begun)
      if (outcome.ok) return { status: 'success', message: outcome.message }
      const { failure } = outcome
      // Not the provider's failure: the operator has to enter the key again.
      if (failure instanceof UnreadableKeyFailure) throw badRequest(`api_key: ${failure.message}`)
      throw new ApiError(failure.kind === 'timeout' ? 504 : 502, failure.message)
    }
  }
}
