import { modelKind, type Model } from '../../shared/contract/identity'
import { resolveBaseUrl } from '../../shared/provider-catalog'
import type { SecretBox } from '../store/secret-box'

/** The API base a stored provider's calls go to: its own external_url, else its kind's default. */
export function storedBaseUrl(providerJson: string): string {
  const p = JSON.parse(providerJson) as { model: Model; external_url?: string | null }
  return resolveBaseUrl(modelKind(p.model).kind, p.external_url)
}

/**
 * The server a provider's calls go to, as the answer runtime groups them (one lane each): its kind and
 * API base. '' for a model of no kind the node knows.
 */
export function serverKey(p: { readonly model: Model; readonly external_url?: string | null }): string {
  const { kind } = modelKind(p.model)
  return kind ? `${kind} ${resolveBaseUrl(kind, p.external_url)}` : ''
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

/** Whether a provider's stored key can be opened with this machine's secret key. */
export function keyState(secrets: SecretBox, sealed: Buffer | null): 'none' | 'readable' | 'unreadable' {
  if (!sealed) return 'none'
  try {
    secrets.open(sealed)
    return 'readable'
  } catch {
    return 'unreadable'
  }
}

/**
 * The warning a node logs at start when stored keys cannot be opened (secret.key deleted, so a
 * new one was made, or replaced): which providers, and what to do. Never any key material.
 */
export function unreadableKeysWarning(
  secrets: SecretBox,
  providers: readonly { id: string; api_key: Buffer | null }[]
): string | undefined {
  const ids = providers.filter((p) => keyState(secrets, p.api_key) === 'unreadable').map((p) => `'${p.id}'`)
  if (ids.length === 0) return undefined
  const cause = secrets.keyCreatedNow
    ? 'the secret key file (secret.key) was missing, so a new one was made'
    : 'the secret key they were sealed with was lost or replaced'
  return (
    `Warning: the stored API key${ids.length === 1 ? '' : 's'} of ${ids.length} provider${ids.length === 1 ? '' : 's'} (${ids.join(', ')}) ` +
    `cannot be decrypted: ${cause}. Enter ${ids.length === 1 ? 'that key' : 'those keys'} again in the providers' settings, ` +
    `or stop the node, put the original secret.key back and start it again.`
  )
}
