import { joinQuery, splitQuery } from '../../shared/url-secrets'
import type { SecretBox } from './secret-box'

/**
 * The secrets written into a provider's address (`?key=`, `?api-key=`, `?sig=`: url-secrets.ts),
 * sealed at rest as its API key is. They were hidden wherever the address is handed out, but kept
 * in the database as typed: the SQLite file and its WAL held a Gemini `?key=` in plain text. Each
 * such value is stored as SEALED and the box's bytes (base64url, which a query carries as is); the
 * node reads it back opened, so nothing above the store sees the difference.
 */
const SEALED = 'nodedesk-sealed.'

export interface UrlSecretSeal {
  /** provider_json as stored: each secret query value of its external_url sealed (a sealed one kept). */
  seal(providerJson: string): string
  /** provider_json as the node uses it: each sealed value opened (one the box cannot open is left empty). */
  open(providerJson: string): string
  /** Whether provider_json holds a secret query value not yet sealed (written before sealing began). */
  unsealed(providerJson: string): boolean
}

/** The provider's address with `change` applied to each secret query value; the same text when none changes. */
function mapSecrets(providerJson: string, change: (value: string) => string): string {
  // Most providers have no query in their address: no parse for them.
  if (!providerJson.includes('?')) return providerJson
  const provider = JSON.parse(providerJson) as { external_url?: unknown }
  const url = provider.external_url
  if (typeof url !== 'string') return providerJson
  const { head, parts, fragment } = splitQuery(url)
  if (!parts?.some((p) => p.secret && p.value)) return providerJson
  const next = joinQuery(
    head,
    parts.map((p) => (p.secret && p.value ? { ...p, value: change(p.value) } : p)),
    fragment
  )
  return next === url ? providerJson : JSON.stringify({ ...provider, external_url: next })
}

export function urlSecretSeal(box: SecretBox): UrlSecretSeal {
  return {
    seal: (json) => mapSecrets(json, (v) => (v.startsWith(SEALED) ? v : SEALED + box.seal(v).toString('base64url'))),
    open: (json) =>
      json.includes(SEALED)
        ? mapSecrets(json, (v) => {
            if (!v.startsWith(SEALED)) return v
            try {
              return box.open(Buffer.from(v.slice(SEALED.length), 'base64url'))
            } catch {
              return '' // sealed by another box (another machine's keychain): the operator types it again
            }
          })
        : json,
    unsealed(json) {
      let found = false
      mapSecrets(json, (v) => {
        if (!v.startsWith(SEALED)) found = true
        return v
      })
      return found
    }
  }
}
