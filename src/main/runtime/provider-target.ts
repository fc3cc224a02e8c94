import { modelKind, type Model } from '../../shared/contract/identity'
import { keyRequired, PROVIDER_CATALOG, resolveBaseUrl, resolveUrlQuery } from '../../shared/provider-catalog'
import { unreadableKeyMessage } from '../domain/provider-keys'
import type { Store } from '../store'
import type { ModelTarget } from './language-model'
import { ProviderFailure } from './provider-errors'

/** The stored key exists but cannot be decrypted here (secret.key lost or replaced): the operator must enter it again. */
export class UnreadableKeyFailure extends ProviderFailure {
  constructor(readonly providerId: string) {
    super('no_key', unreadableKeyMessage(providerId))
  }
}

interface StoredProvider {
  readonly id: string
  readonly model: Model
  readonly external_url?: string | null
}

/**
 * Where and how to call a provider, with its key decrypted now (at call time, never cached).
 * Throws ProviderFailure('no_key') when a hosted kind has no usable key.
 */
export function targetFor(provider: StoredProvider, sealedKey: Buffer | null, store: Store): ModelTarget {
  const { kind, modelType } = modelKind(provider.model)
  let apiKey: string | undefined
  if (sealedKey) {
    try {
      apiKey = store.secrets.open(sealedKey)
    } catch {
      throw new UnreadableKeyFailure(provider.id)
    }
  }
  const target = {
    kind,
    model: modelType,
    baseUrl: resolveBaseUrl(kind, provider.external_url),
    query: resolveUrlQuery(provider.external_url),
    apiKey
  }
  if (!apiKey && keyRequired(kind, provider.external_url)) {
    throw new ProviderFailure(
      'no_key',
      `${PROVIDER_CATALOG[kind].label} needs an API key. Add one in the settings of provider '${provider.id}'.`
    )
  }
  return target
}
