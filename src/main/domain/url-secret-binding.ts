import { hideUrlSecrets, joinQuery, placeholderParams, splitQuery, URL_SECRET_PLACEHOLDER } from '../../shared/url-secrets'
import type { ProviderKind } from '../../shared/contract/identity'
import { resolveBaseUrl } from '../../shared/provider-catalog'
import { storedBaseUrl } from './provider-keys'

/**
 * A hidden value sent back: the window (or a script) read a provider as listed, with its address's
 * secrets as the placeholder, and sends that address back to save, test or list models. The
 * placeholder then means "the value stored with this provider", as an absent api_key means the
 * stored key; and like the stored key, that value goes only to the provider's own address.
 */

export type SentUrl = { readonly url: string | null | undefined } | { readonly problem: string }

const quoted = (names: readonly string[]) => names.map((n) => `'${n}'`).join(', ')

/**
 * The address to use for `sent`, of kind `kind`, on behalf of stored provider `providerId` (`stored`
 * undefined: none is stored, or the request names none): `sent` itself when it holds no placeholder; the stored address when `sent` is exactly its
 * listed form; the stored values put back in place of the placeholders when only other parameters
 * changed. A placeholder with no stored value to stand for, or sent toward another API base, is a
 * problem the caller answers with 400 on external_url.
 */
export function sentUrlWithSecrets(
  providerId: string | undefined,
  sent: string | null | undefined,
  kind: ProviderKind,
  stored: { readonly provider_json: string } | undefined
): SentUrl {
  const hidden = placeholderParams(sent)
  if (!sent || hidden.length === 0) return { url: sent }
  const storedUrl = stored && (JSON.parse(stored.provider_json) as { external_url?: string | null }).external_url
  if (!storedUrl) {
    const whose = providerId === undefined ? 'and the request names no saved provider' : `and provider '${providerId}' has none`
    return {
      problem:
        `The address holds ${URL_SECRET_PLACEHOLDER} as the value of ${quoted(hidden)}, which stands for a value kept with a saved provider, ` +
        `${whose}. Type the value itself in its place.`
    }
  }
  // Checked before the listed form is taken as the stored address: the same text under another kind can
  // be another API base (no path: OpenAI's /v1, Gemini's /v1beta).
  const own = storedBaseUrl(stored.provider_json)
  const target = resolveBaseUrl(kind, sent)
  if (own !== target) {
    return {
      problem:
        `The hidden value of ${quoted(hidden)} (${URL_SECRET_PLACEHOLDER}) belongs to provider '${providerId}' at ${own} and is sent there only. ` +
        `To call ${target}, type the value itself in place of ${URL_SECRET_PLACEHOLDER}.`
    }
  }
  if (sent === hideUrlSecrets(storedUrl)) return { url: storedUrl }
  // Same API base, other parameters edited (a new api-version): each hidden value is the stored one of that name, in order.
  const storedValues = new Map<string, string[]>()
  for (const p of splitQuery(storedUrl).parts ?? []) {
    if (p.secret && p.value !== undefined) storedValues.set(p.name, [...(storedValues.get(p.name) ?? []), p.value])
  }
  const { head, parts, fragment } = splitQuery(sent)
  const missing: string[] = []
  const filled = parts!.map((p) => {
    if (!p.secret || p.value !== URL_SECRET_PLACEHOLDER) return p
    const value = storedValues.get(p.name)?.shift()
    if (value === undefined) missing.push(p.name)
    return { ...p, value: value ?? p.value }
  })
  if (missing.length) {
    return {
      problem:
        `Provider '${providerId}' has no stored value of ${quoted(missing)} for ${URL_SECRET_PLACEHOLDER} to stand for. ` +
        `Type the value itself in its place.`
    }
  }
  return { url: joinQuery(head, filled, fragment) }
}
