/**
 * Secrets written into a provider's address. Some gateways take their key in the query string
 * (`?key=`, `?api-key=`, an Azure Function's `?code=`, a signed URL's `?sig=`), and that address is
 * otherwise shown, listed and sent to the window like any setting. Wherever the node hands a stored
 * address out, the values of such parameters are replaced by URL_SECRET_PLACEHOLDER; every other
 * character stays as stored, so an address without them comes back byte for byte, and a gateway's
 * `?api-version=2024-10-21` stays readable and editable.
 */

/** Stands for a hidden value: still a valid URL, and read as "hidden" by a person. */
export const URL_SECRET_PLACEHOLDER = '********'

/** Names that are a credential whole (after case and `-`, `_`, `.` are set aside): `code`, `sig`, `auth` only as the whole name. */
const SECRET_NAMES = new Set([
  'key',
  'apikey',
  'token',
  'accesstoken',
  'sig',
  'signature',
  'secret',
  'password',
  'passwd',
  'pwd',
  'code',
  'auth',
  'authorization',
  'bearer',
  'credential',
  'credentials',
  'jwt'
])

/** A name's last word that makes it a credential: `subscription-key`, `x-goog-api-key`, `client_secret`, `X-Amz-Signature`, `X-Amz-Security-Token`. */
const SECRET_LAST_WORDS = new Set(['key', 'apikey', 'token', 'secret', 'signature', 'password', 'passwd'])

/** Whether a query parameter's name (as decoded) says its value is a credential. Case-insensitive. */
export function isSecretParam(name: string): boolean {
  const whole = name.toLowerCase().replace(/[-_.\s]/g, '')
  if (SECRET_NAMES.has(whole)) return true
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[-_.\s]+/)
    .filter(Boolean)
  return words.length > 1 && SECRET_LAST_WORDS.has(words[words.length - 1]!)
}

/** One `name=value` of a query as written; `value` undefined for a bare `name`. */
export interface QueryPart {
  readonly name: string
  readonly value: string | undefined
  /** Whether `name` (percent-decoded) names a credential. */
  readonly secret: boolean
}

/** A query parameter's name as written, percent-decoded (`api%5Fkey` is `api_key`). */
export const decodedName = (raw: string): string => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '))
  } catch {
    return raw // a stray % is kept as written: the name is still compared as text
  }
}

/**
 * The address cut where the query starts and ends, as written: parsing with URL would write the
 * query again (encoding some characters), and what is stored must come back exactly.
 */
export function splitQuery(url: string): { head: string; parts: readonly QueryPart[] | undefined; fragment: string } {
  const hash = url.indexOf('#')
  const end = hash === -1 ? url.length : hash
  const q = url.indexOf('?')
  if (q === -1 || q > end) return { head: url.slice(0, end), parts: undefined, fragment: url.slice(end) }
  const parts = url
    .slice(q + 1, end)
    .split('&')
    .map((piece): QueryPart => {
      const eq = piece.indexOf('=')
      const name = eq === -1 ? piece : piece.slice(0, eq)
      return { name, value: eq === -1 ? undefined : piece.slice(eq + 1), secret: isSecretParam(decodedName(name)) }
    })
  return { head: url.slice(0, q), parts, fragment: url.slice(end) }
}

export function joinQuery(head: string, parts: readonly QueryPart[] | undefined, fragment: string): string {
  if (parts === undefined) return head + fragment
  return `${head}?${parts.map((p) => (p.value === undefined ? p.name : `${p.name}=${p.value}`)).join('&')}${fragment}`
}

/** A part whose value is hidden: a credential's non-empty value (an empty one hides nothing). */
const hides = (p: QueryPart) => p.secret && p.value !== undefined && p.value !== ''

/** The address with each credential's value replaced by the placeholder; the same string when it has none. */
export function hideUrlSecrets(url: string): string
export function hideUrlSecrets(url: string | null | undefined): string | null | undefined
export function hideUrlSecrets(url: string | null | undefined): string | null | undefined {
  if (!url) return url
  const { head, parts, fragment } = splitQuery(url)
  if (!parts?.some(hides)) return url
  return joinQuery(
    head,
    parts.map((p) => (hides(p) ? { ...p, value: URL_SECRET_PLACEHOLDER } : p)),
    fragment
  )
}

/** The names of the credentials whose value the address holds as the placeholder (a hidden value sent back). */
export function placeholderParams(url: string | null | undefined): string[] {
  if (!url) return []
  return (splitQuery(url).parts ?? []).filter((p) => p.secret && p.value === URL_SECRET_PLACEHOLDER).map((p) => p.name)
}
