import { modelKind, type Model, type ProviderKind } from '../../../../shared/contract/identity'
import type { LastCheck, ProviderListEntry } from '../../../../shared/contract/provider'
import { isOpenAiHost } from '../../../../shared/http-url'
import { PROVIDER_CATALOG } from '../../../../shared/provider-catalog'
import { absoluteTime, relativeTime } from '../inboxes'

type Named = Pick<ProviderListEntry, 'id' | 'model'> & { readonly name?: string; readonly description?: string }

import { nameSaysModel, providerTitle } from '../../../../shared/provider-title'

export { providerTitle }

/** One line for pickers: `My laptop · llama3.2 (my-laptop-llama3-2)`, or `id · model` without a name. */
export function providerOptionLabel(p: Named): string {
  const model = modelKind(p.model).modelType
  if (!p.name?.trim()) return `${p.id} · ${model}`
  const name = p.name.trim()
  return `${nameSaysModel(name, model) ? name : `${name} · ${model}`} (${p.id})`
}

/**
 * What each row's buttons call its provider ("Edit Work laptop"), for screen readers: what the row
 * shows first, its display name (else its id). Where two rows would share it (in any case), the
 * model the row shows is added ("Work laptop · llama3.2"), and where that is shared too, the id the
 * row shows under the name: every row's buttons keep names of their own.
 */
export function rowNames(providers: readonly Named[]): Map<string, string> {
  const withModel = (p: Named) => `${providerTitle(p)} · ${modelOf(p.model)}`
  const counts = (name: (p: Named) => string) => {
    const seen = new Map<string, number>()
    for (const p of providers) seen.set(name(p).toLowerCase(), (seen.get(name(p).toLowerCase()) ?? 0) + 1)
    return (p: Named) => seen.get(name(p).toLowerCase()) ?? 0
  }
  const [byTitle, byModel] = [counts(providerTitle), counts(withModel)]
  return new Map(
    providers.map((p) => [p.id, byTitle(p) === 1 ? providerTitle(p) : byModel(p) === 1 ? withModel(p) : `${withModel(p)} (${p.id})`])
  )
}

/** Whether `search` finds the provider: every word in its name, id, model or description (any case). */
export function providerMatches(p: Named, search: string): boolean {
  const text = `${p.name ?? ''} ${p.id} ${modelKind(p.model).modelType} ${p.description ?? ''}`.toLowerCase()
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word))
}

/** A server's heading: an OpenAI kind at another address than OpenAI's is an OpenAI-compatible server. */
export function serverLabel(kind: ProviderKind, baseUrl: string): string {
  if (kind === 'OpenAI' && !isOpenAiHost(baseUrl)) return 'OpenAI-compatible server'
  return PROVIDER_CATALOG[kind].label
}

export const modelOf = (model: Model) => modelKind(model).modelType

export interface CheckDisplay {
  readonly state: 'never' | 'ok' | 'failed'
  /** A few words for a badge. */
  readonly label: string
  /** The sentence behind it: the server's message and when. */
  readonly detail: string
  /** When, relative ("5 min. ago"), or '' if never. */
  readonly when: string
  /** When, in full, for a tooltip. */
  readonly at: string
}

/**
 * A provider's last check as the page shows it. Never checked (added without a test, e.g. over the
 * API) is not the same as failed: a provider saved after a failed test, or whose check failed, reads
 * "Not working".
 */
export function checkDisplay(check: LastCheck | null, now: number = Date.now()): CheckDisplay {
  if (!check) {
    return { state: 'never', label: 'Never checked', detail: 'Not checked since it was added: use Check to try it.', when: '', at: '' }
  }
  const when = relativeTime(check.at, now)
  return check.ok
    ? { state: 'ok', label: 'Works', detail: check.message, when, at: absoluteTime(check.at) }
    : { state: 'failed', label: 'Not working', detail: check.message, when, at: absoluteTime(check.at) }
}
