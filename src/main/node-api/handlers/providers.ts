import { modelKind } from '../../../shared/contract/identity'
import type { LlmProvider } from '../../../shared/contract/provider'
import { resolveBaseUrl } from '../../../shared/provider-catalog'
import { keyBindingViolation, keyState, serverKey } from '../../domain/provider-keys'
import type { NodeContext } from '../context'
import { badRequest, conflict, notFound } from '../errors'
import type { HandlerGroup } from '../handler-types'
import { RawJson } from '../raw-json'
import { settingsOf } from '../../domain/provider-checks'
import { providerFields } from '../../domain/provider-fields'
import type { ProviderRow } from '../../store'
import { checkForSaved, storedKeyOf } from '../provider-checks'
import { EMBEDDING_KINDS } from '../../runtime/embedding-model'
import { emitInboxChanged } from '../../domain/inbox-events'
import { groupedNumber } from '../../../shared/byte-size'
import { hideUrlSecrets } from '../../../shared/url-secrets'
import { meantUrl, withMeantUrl } from '../sent-url'

/** Why a provider cannot be removed yet: how many jobs use it (written as people write numbers), and what to do. */
export function providerInUse(id: string, jobs: number): string {
  const them = jobs === 1 ? 'it' : 'them'
  return `LLM provider '${id}' is used by ${groupedNumber(jobs)} job${jobs === 1 ? '' : 's'}; switch ${them} to another provider or delete ${them} first.`
}

/**
 * Inboxes told by inbox_changed that their provider's agent (its name or model, which every Inbox
 * shows) was edited: the most recently active. A provider may answer 100,000 inboxes, and an
 * event each, with the whole Inbox, would be a hundred MB of event stream for every window at
 * once; the others are covered by provider_changed, on which a window reads its lists again.
 */
export const MAX_INBOXES_TOLD_OF_EDIT = 1_000

type ProviderRoutes = 'add_llm_provider' | 'modify_llm_provider' | 'available_llm_providers' | 'remove_llm_provider'

/**
 * A stored provider as listed: as stored, but for the values of credentials in its address's query
 * (`?key=`), shown as a placeholder as its api_key is shown as has_api_key. The text stored is
 * kept when there are none, so such a provider lists byte for byte as it was added.
 */
export function listedProviderJson(providerJson: string): string {
  if (!providerJson.includes('?')) return providerJson
  const p = JSON.parse(providerJson) as { external_url?: string | null }
  const hidden = hideUrlSecrets(p.external_url)
  return hidden === p.external_url ? providerJson : JSON.stringify({ ...p, external_url: hidden })
}

/** The provider as given, minus its key: what is stored and listed. */
export function storedForm(raw: unknown, provider: LlmProvider) {
  const rest = providerFields(raw)
  return {
    providerJson: JSON.stringify(rest),
    agentJson: JSON.stringify({
      full_identity_name: (rest as { full_identity_name: unknown }).full_identity_name,
      id: provider.id,
      model: (rest as { model: unknown }).model
    })
  }
}

/** Whether calls to the provider change, but for its key: another kind, model or URL (its query included). */
const callChanged = (before: LlmProvider, after: LlmProvider) =>
  JSON.stringify(modelKind(before.model)) !== JSON.stringify(modelKind(after.model)) ||
  (before.external_url ?? null) !== (after.external_url ?? null)

export function providerHandlers(ctx: NodeContext): HandlerGroup<ProviderRoutes> {
  const { store, bus, clock } = ctx
  /** A string key is sealed; '' and null clear it; absent keeps (undefined). */
  const sealKey = (key: string | null | undefined) =>
    key === undefined ? undefined : key === null || key === '' ? null : store.secrets.seal(key)

  /**
   * The last check an edited provider keeps: a recent test of exactly its new settings and key;
   * else the old one when nothing changed; else none (the old result was about other settings).
   */
  const checkAfterEdit = (before: ProviderRow, rawBody: unknown, apiKey: string | null | undefined): string | null | undefined => {
    const key = apiKey === undefined ? storedKeyOf(ctx, before) : apiKey || ''
    const tested = checkForSaved(ctx, rawBody, key)
    if (tested) return tested
    const unchanged = settingsOf(JSON.parse(before.provider_json)) === settingsOf(rawBody) && key === storedKeyOf(ctx, before)
    return unchanged ? undefined : null
  }

  /**
   * A provider that is removed, or becomes a kind that cannot embed, stops being the library's
   * embedding model: documents are then searched by their words until another is chosen, instead of
   * every embedding call failing against a provider that is not there.
   */
  const forgetAsEmbedder = (id: string) => {
    if (ctx.vectorFs.embeddingModel()?.providerId === id) ctx.vectorFs.setEmbeddingModel(undefined)
  }

  return {
    add_llm_provider({ body, rawBody }) {
      meantUrl(ctx, body.id, body.external_url, modelKind(body.model).kind, { adding: true })
      const added = store.providers.insert({
        id: body.id,
        ...storedForm(rawBody, body),
        apiKey: sealKey(body.api_key) ?? null,
        now: clock.next(),
        lastCheckJson: checkForSaved(ctx, rawBody, body.api_key || '')
      })
      if (!added) throw conflict(`id: An LLM provider with id '${body.id}' already exists. Choose another id.`)
      bus.emit({ type: 'provider_changed', data: { id: body.id } })
      return 'Successfully added LLM provider'
    },

    modify_llm_provider(request) {
      // The address as listed (its secrets hidden) keeps the stored values.
      const { body, rawBody } = withMeantUrl(ctx, request.body, request.rawBody)
      if (body.api_key === undefined) {
        // Keeping the stored key while moving the provider elsewhere would send that key to the new address.
        const row = store.providers.get(body.id)
        const violation =
          row?.api_key && keyBindingViolation(body.id, row.provider_json, resolveBaseUrl(modelKind(body.model).kind, body.external_url))
        if (violation) throw badRequest(`api_key: ${violation}`)
      }
      const before = store.providers.get(body.id)
      const form = storedForm(rawBody, body)
      const updated = store.providers.update({
        id: body.id,
        ...form,
        apiKey: sealKey(body.api_key),
        now: clock.next(),
        lastCheckJson: before ? checkAfterEdit(before, rawBody, body.api_key) : undefined
      })
      if (!updated) throw notFound(`id: no LLM provider with id '${body.id}'`)
      if (before) {
        const old = JSON.parse(before.provider_json) as LlmProvider
        // Questions waiting out the old server's pause (it answered 429) go to the new server now.
        if (serverKey(old) !== serverKey(body)) ctx.runtime.reroute()
        const keyChanged = body.api_key !== undefined && (body.api_key || '') !== storedKeyOf(ctx, before)
        // Calls waiting on the old settings (a server that never answered them) are made again with the new ones.
        if (keyChanged || callChanged(old, body)) {
          ctx.runtime.providerEdited(body.id)
          ctx.vectorFs.embeddingProviderEdited(body.id)
        }
      }
      if (!(EMBEDDING_KINDS as readonly string[]).includes(modelKind(body.model).kind)) forgetAsEmbedder(body.id)
      bus.emit({ type: 'provider_changed', data: { id: body.id } })
      if (before && before.agent_json !== form.agentJson && bus.listening()) {
        for (const inboxId of store.inboxes.idsOfProvider(body.id, MAX_INBOXES_TOLD_OF_EDIT)) emitInboxChanged(ctx, inboxId)
      }
      return 'Successfully modified LLM provider'
    },

    available_llm_providers() {
      return RawJson.array(
        store.providers.list().map((p) => {
          // A key that cannot be decrypted is no key: the operator is asked to enter it again.
          const state = keyState(store.secrets, p.api_key)
          const key = state === 'unreadable' ? '"has_api_key":false,"key_unreadable":true' : `"has_api_key":${state === 'readable'}`
          return `${listedProviderJson(p.provider_json).slice(0, -1)},${key},"last_check":${p.last_check_json ?? 'null'}}`
        })
      )
    },

    remove_llm_provider({ body }) {
      const id = body.llm_provider_id
      const outcome = store.providers.removeUnused(id)
      if (outcome === 'missing') throw notFound(`llm_provider_id: no LLM provider with id '${id}'`)
      if (outcome !== 'removed') {
        throw conflict(`llm_provider_id: ${providerInUse(id, outcome.jobs)}`)
      }
      forgetAsEmbedder(id)
      bus.emit({ type: 'provider_changed', data: { id } })
      return 'Successfully removed LLM provider'
    }
  }
}
