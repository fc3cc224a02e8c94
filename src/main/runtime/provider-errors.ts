import type { ProviderKind } from '../../shared/contract/identity'
import { PROVIDER_CATALOG } from '../../shared/provider-catalog'

/** What went wrong when calling a provider, in words the operator can act on. */
export type ProviderFailureKind =
  'no_key' | 'auth' | 'rate_limit' | 'model_not_found' | 'bad_request' | 'provider_error' | 'unreachable' | 'timeout'

export class ProviderFailure extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    message: string,
    readonly status?: number
  ) {
    super(message)
  }
}

export interface FailureContext {
  readonly kind: ProviderKind
  readonly model: string
  readonly baseUrl: string
  readonly apiKey?: string
}

/** Removes the key (and its Bearer form) from any text that may reach a message, a response or a log. */
export function redactKey(text: string, apiKey: string | undefined): string {
  if (!apiKey || apiKey.length < 4) return text
  return text.split(apiKey).join('[redacted]')
}

function providerReason(body: string | undefined): string | undefined {
  if (!body) return undefined
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string; detail?: string }
    const e = parsed.error
    const text = typeof e === 'string' ? e : (e?.message ?? parsed.message ?? parsed.detail)
    if (text) return String(text).slice(0, 300)
  } catch {
    /* not JSON */
  }
  return body.trim().slice(0, 300) || undefined
}

function networkCode(err: unknown): string | undefined {
  let cur: unknown = err
  for (let i = 0; i < 5 && cur; i++) {
    const code = (cur as { code?: unknown }).code
    if (typeof code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return code
    cur = (cur as { cause?: unknown }).cause
  }
  return undefined
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'connection closed',
  ETIMEDOUT: 'connection timed out'
}

function causeMessages(err: unknown): string[] {
  const out: string[] = []
  let cur: unknown = err
  for (let i = 0; i < 5 && cur; i++) {
    if (cur instanceof Error) out.push(cur.message)
    cur = (cur as { cause?: unknown }).cause
  }
  return out
}

/** Turns whatever a provider call threw into a ProviderFailure whose message names the cause. */
export function describeFailure(err: unknown, ctx: FailureContext): ProviderFailure {
  if (err instanceof ProviderFailure) return new ProviderFailure(err.kind, redactKey(err.message, ctx.apiKey), err.status)
  const label = PROVIDER_CATALOG[ctx.kind].label
  const status = (err as { statusCode?: unknown }).statusCode
  const reason = providerReason((err as { responseBody?: string }).responseBody)
  const withReason = (text: string) => redactKey(reason ? `${text}: ${reason}` : text, ctx.apiKey)
  if (typeof status === 'number') {
    if (status === 401 || status === 403) {
      return new ProviderFailure('auth', withReason(`${label} rejected the API key (${status})`), status)
    }
    if (status === 429) return new ProviderFailure('rate_limit', withReason(`${label} is rate-limiting requests (429)`), status)
    if (status === 404) {
      return new ProviderFailure(
        'model_not_found',
        withReason(`${label} does not know model '${ctx.model}' or the URL ${ctx.baseUrl} (404)`),
        status
      )
    }
    if (status >= 400 && status < 500)
      return new ProviderFailure('bad_request', withReason(`${label} refused the request (${status})`), status)
    return new ProviderFailure('provider_error', withReason(`${label} failed (${status})`), status)
  }
  if (causeMessages(err).some((m) => /bad port/i.test(m))) {
    const port = new URL(ctx.baseUrl).port
    return new ProviderFailure(
      'unreachable',
      `Could not reach ${label} at ${ctx.baseUrl}: port ${port} is reserved for other protocols and refused by fetch; use another port`
    )
  }
  const code = networkCode(err)
  if (code) {
    return new ProviderFailure(
      'unreachable',
      redactKey(`Could not reach ${label} at ${ctx.baseUrl}: ${NETWORK_WORDS[code] ?? code}`, ctx.apiKey)
    )
  }
  const message = err instanceof Error ? err.message : String(err)
  if (/redirect/i.test(message)) {
    return new ProviderFailure(
      'unreachable',
      `${label} at ${ctx.baseUrl} answered with a redirect; set the provider's URL to the final address`
    )
  }
  return new ProviderFailure('provider_error', redactKey(`${label} failed: ${message.slice(0, 300)}`, ctx.apiKey))
}
