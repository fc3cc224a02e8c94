import { modelKind, type Model } from '../../shared/contract/identity'
import { resolveBaseUrl } from '../../shared/provider-catalog'

/** The API base a stored provider's calls go to: its own external_url, else its kind's default. */
export function storedBaseUrl(providerJson: string): string {
  const p = JSON.parse(providerJson) as { model: Model; external_url?: string | null }
  return resolveBaseUrl(modelKind(p.model).kind, p.external_url)
}

/**
 * Why a stored key may not go to `baseUrl`, or undefined when it may: a stored key is only ever
 * sent to its own provider's URL, so a request that points it elsewhere must bring its own key.
 */
export function keyBindingViolation(providerId: string, providerJson: string, baseUrl: string): string | undefined {
  const own = storedBaseUrl(providerJson)
  if (own === baseUrl) return undefined
  return `The stored API key of provider '${providerId}' is kept for ${own} only. To call ${baseUrl}, send the API key for that address with the request.`
}

/** What the operator reads when a stored key can no longer be decrypted (secret.key lost or replaced). */
export const unreadableKeyMessage = (providerId: string) =>
  `The stored API key of provider '${providerId}' cannot be decrypted on this machine (its secret key was lost or replaced). Enter the API key again.`
