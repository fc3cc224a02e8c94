import { modelKind, type Model, type ProviderKind } from '../../../../shared/contract/identity'
import type { LastCheck, ProviderListEntry } from '../../../../shared/contract/provider'
import { isOpenAiHost } from '../../../../shared/http-url'
import { PROVIDER_CATALOG } from '../../../../shared/provider-catalog'
import { absoluteTime, relativeTime } from '../inboxes'

type Named = Pick<ProviderListEntry, 'id' | 'model'> & { readonly name?: string; readonly description?: string }

export { providerTitle } from '../../../../shared/provider-title'

/** One line for pickers: `My laptop · llama3.2 (my-laptop-llama3-2)`, or `id · model` without a name. */
export function providerOptionLabel(p: Named): string {
  const model = modelKind(p.model).modelType
  if (!p.name?.trim()) return `${p.id} · ${model}`
  const name = p.name.trim()
  return `${name.includes(model) ? name : `${name} · ${model}`} (${p.id})`
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
