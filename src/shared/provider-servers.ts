import { fullIdentityName, modelKind, type Model, type ProviderKind } from './contract/identity'
import type { LlmProvider } from './contract/provider'
import { resolveBaseUrl } from './provider-catalog'

/*
 * One server often offers many models, and each provider holds one: a server is the providers
 * that share a kind and an API base (and so a key). The wizard adds one provider per chosen model
 * with add_llm_providers; the providers page groups them back by server.
 */

const ID_MAX = 64
const NAME_MAX = 100

/** Letters, digits, _ and -: the rest (accents stripped first) become single dashes. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .toLowerCase()
}

/**
 * A provider id from a display name and a model (`My laptop`, `llama3.2:8b` -> `my-laptop-llama3-2-8b`):
 * letters, digits, _ and -, at most 64 characters, and not in `taken` (a `-2`, `-3`... is added).
 */
export function providerIdFor(name: string, model: string, taken: ReadonlySet<string>): string {
  const base = [slug(name), slug(model)].filter(Boolean).join('-') || 'provider'
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `-${n}`
    const id = `${cutSlug(base, ID_MAX - suffix.length)}${suffix}`
    if (!taken.has(id)) return id
  }
}

/**
 * A slug of at most `max` characters, cut after a whole word where one ends in its second half
 * (`…-405b-instruct-turbo` -> `…-405b-instruct`, not `…-405b-instruct-tu`).
 */
export function cutSlug(text: string, max = ID_MAX): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const wordEnd = text[max] === '-' || text[max] === '_' ? max : Math.max(cut.lastIndexOf('-'), cut.lastIndexOf('_'))
  return (wordEnd >= max / 2 ? cut.slice(0, wordEnd) : cut).replace(/[-_]+$/, '')
}

const cut = (text: string, max: number) => [...text].slice(0, max).join('')

export interface ModelsOfOneServer {
  readonly kind: ProviderKind
  /** null: the kind's default address. */
  readonly externalUrl: string | null
  /** Shared by every provider of the server; absent or null for none. */
  readonly apiKey?: string | null
  /** The server's display name, e.g. "My laptop". */
  readonly name: string
  readonly description?: string
  readonly models: readonly string[]
  readonly nodeName: string
  readonly profileName: string
  /** Ids already in use (stored providers): the new ones avoid them and each other. */
  readonly taken: ReadonlySet<string>
}

/** The body of add_llm_providers for models chosen from one server: one provider per model. */
export function providersForModels(input: ModelsOfOneServer): LlmProvider[] {
  const taken = new Set(input.taken)
  return input.models.map((model) => {
    const id = providerIdFor(input.name, model, taken)
    taken.add(id)
    // A display name is never blank: a model named only by spaces is shown by its id.
    const name = input.name.trim() ? `${input.name.trim()} · ${model}` : model.trim() ? model : id
    return {
      allowed_message_senders: [],
      full_identity_name: fullIdentityName(input.nodeName, input.profileName, id),
      id,
      model: { [input.kind]: { model_type: model } },
      perform_locally: false,
      storage_bucket_permissions: [],
      toolkit_permissions: [],
      ...(input.apiKey ? { api_key: input.apiKey } : {}),
      ...(input.externalUrl ? { external_url: input.externalUrl } : {}),
      name: cut(name, NAME_MAX),
      ...(input.description ? { description: cut(input.description, 1000) } : {})
    }
  })
}

export interface Server<P> {
  readonly kind: ProviderKind
  /** The API base its providers call (resolved: a default address and an explicit one are the same server). */
  readonly baseUrl: string
  readonly providers: readonly P[]
}

/** Providers grouped by server (kind and API base), servers and providers in the order given. */
export function groupByServer<P extends { readonly model: Model; readonly external_url?: string | null }>(
  providers: readonly P[]
): Server<P>[] {
  const servers = new Map<string, { kind: ProviderKind; baseUrl: string; providers: P[] }>()
  for (const p of providers) {
    const { kind } = modelKind(p.model)
    const baseUrl = resolveBaseUrl(kind, p.external_url)
    const key = `${kind} ${baseUrl}`
    const server = servers.get(key) ?? { kind, baseUrl, providers: [] }
    server.providers.push(p)
    servers.set(key, server)
  }
  return [...servers.values()]
}
