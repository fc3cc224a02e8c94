import { modelKind, type ProviderKind } from '../../../shared/contract/identity'
import { keyRequired, PROVIDER_CATALOG, resolveBaseUrl, resolveUrlQuery } from '../../../shared/provider-catalog'
import type { ModelTarget } from '../../runtime/language-model'
import { listModels } from '../../runtime/provider-gateway'
import type { NodeContext } from '../context'
import { badRequest, notFound } from '../errors'
import { answerOf, apiErrorOf, keepTestResult, lastCheckOf, runCheck } from '../provider-checks'
import type { HandlerGroup } from '../handler-types'
import { keyBindingViolation, unreadableKeyMessage } from '../../domain/provider-keys'
import { meantUrl, withMeantUrl } from '../sent-url'

type RuntimeRoutes = 'test_llm_provider' | 'provider_models' | 'provider_models_with_key' | 'stop_llm'

export function runtimeHandlers(ctx: NodeContext): HandlerGroup<RuntimeRoutes> {
  const { store, runtime } = ctx
  /**
   * The stored key of provider `id`, for a call to `baseUrl`: a stored key goes only to its own
   * provider's URL (or its kind's default), so a call elsewhere must bring its own key.
   */
  const storedKeyFor = (id: string, baseUrl: string): string | undefined => {
    const row = store.providers.get(id)
    if (!row?.api_key) return undefined
    const violation = keyBindingViolation(id, row.provider_json, baseUrl)
    if (violation) throw badRequest(`api_key: ${violation}`)
    try {
      return store.secrets.open(row.api_key)
    } catch {
      throw badRequest(`api_key: ${unreadableKeyMessage(id)}`)
    }
  }

  function target(
    kind: ProviderKind,
    model: string,
    externalUrl: string | null | undefined,
    apiKey: string | undefined,
    forId?: string
  ): ModelTarget {
    if (!apiKey && keyRequired(kind, externalUrl)) {
      throw badRequest(
        `api_key: ${PROVIDER_CATALOG[kind].label} needs an API key. ${forId ? `Provider '${forId}' has none stored: enter one.` : 'Enter one.'}`
      )
    }
    return { kind, model, baseUrl: resolveBaseUrl(kind, externalUrl), query: resolveUrlQuery(externalUrl), apiKey }
  }

  /** A listing target from a stored provider, or from a kind, URL and optional key. */
  function listingTarget(q: {
    llm_provider_id?: string
    kind?: ProviderKind
    external_url?: string | null
    api_key?: string | null
  }): ModelTarget {
    if (q.llm_provider_id) {
      const row = store.providers.get(q.llm_provider_id)
      if (!row) throw notFound(`llm_provider_id: no LLM provider with id '${q.llm_provider_id}'`)
      const p = JSON.parse(row.provider_json) as { model: Parameters<typeof modelKind>[0]; external_url?: string | null }
      // A kind given with the id is the one being edited in the form (the address and key are checked against it).
      const kind = q.kind ?? modelKind(p.model).kind
      const externalUrl = q.external_url == null ? p.external_url : meantUrl(ctx, q.llm_provider_id, q.external_url, kind)
      const apiKey = q.api_key === undefined ? storedKeyFor(q.llm_provider_id, resolveBaseUrl(kind, externalUrl)) : (q.api_key ?? undefined)
      return target(kind, '', externalUrl, apiKey, q.llm_provider_id)
    }
    return target(q.kind!, '', meantUrl(ctx, undefined, q.external_url, q.kind!), q.api_key ?? undefined)
  }

  const listTimeout = () => Math.min(ctx.callTimeouts.firstChunkMs, 20_000)

  return {
    async test_llm_provider(request) {
      // The address as listed (its secrets hidden) is tested with the stored values.
      const { body, rawBody } = withMeantUrl(ctx, request.body, request.rawBody)
      const { kind, modelType } = modelKind(body.model)
      // Absent: the key stored for this id (testing an edit whose key field was left unchanged).
      const apiKey = body.api_key === undefined ? storedKeyFor(body.id, resolveBaseUrl(kind, body.external_url)) : body.api_key || undefined
      const begun = ctx.checks.begin()
      const outcome = await runCheck(ctx, target(kind, modelType, body.external_url, apiKey))
      keepTestResult(ctx, body.id, rawBody, apiKey ?? '', lastCheckOf(ctx, outcome), begun)
      return answerOf(outcome)
    },

    async provider_models({ query }) {
      try {
        return { models: await listModels(listingTarget(query), listTimeout(), fetch, ctx.stopping) }
      } catch (err) {
        return apiErrorOf(err)
      }
    },

    async provider_models_with_key({ body }) {
      try {
        return { models: await listModels(listingTarget(body), listTimeout(), fetch, ctx.stopping) }
      } catch (err) {
        return apiErrorOf(err)
      }
    },

    stop_llm({ body }) {
      if (!store.inboxes.get(body.inbox_name)) throw notFound(`inbox_name: no inbox '${body.inbox_name}'`)
      runtime.stop(body.inbox_name)
      return 'Successfully stopped'
    }
  }
}
