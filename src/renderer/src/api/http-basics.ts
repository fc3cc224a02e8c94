import type { BridgeRequest } from '../../../shared/bridge'
import { stateWithPlace } from '../app/history-place'

/** Where the page trades its one-time code for the session cookie (headless mode, outside the contract table). */
export const SESSION_PATH = '/v2/session'

/**
 * Headless mode's UI address carries a one-time code in the fragment (`#code=...`, never sent to
 * a server by the browser). It is taken out of the address at once (replaced, not pushed, so Back
 * does not bring it back); a `#token=` from older addresses is removed the same way and not used.
 */
export function takeCodeFromLocation(loc: Location, history: History): string | null {
  const params = new URLSearchParams(loc.hash.replace(/^#/, ''))
  const code = params.get('code')
  if (!params.has('code') && !params.has('token')) return null
  params.delete('code')
  params.delete('token')
  const rest = params.toString()
  // The entry's place is marked in the same write (the leave guard's, which then has none to make).
  history.replaceState(stateWithPlace(history), '', `${loc.pathname}${loc.search}${rest ? `#${rest}` : ''}`)
  return code || null
}

/**
 * Trades the code for an HttpOnly session cookie; afterwards the browser sends the cookie with
 * every same-origin fetch. A failed trade is not fatal: a cookie from an earlier visit may still hold.
 */
export function startSession(baseUrl: string, code: string, fetchImpl: typeof fetch = fetch): Promise<void> {
  return (
    fetchImpl(new URL(SESSION_PATH, baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
      credentials: 'same-origin'
    })
      // The answer is read to its end (a few bytes): a cancelled body shows in the page's network
      // log as a failed request.
      .then((res) => res.arrayBuffer())
      .then(
        () => undefined,
        () => undefined
      )
  )
}

/** The URL a request goes to: the same text for the same request, so an early one can be matched. */
export function requestUrl(baseUrl: string, req: Pick<BridgeRequest, 'path' | 'query'>): URL {
  const url = new URL(req.path, baseUrl)
  for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v)
  return url
}

/** A query's values that are set (an absent parameter is left out, never sent as "undefined"). */
export function definedQuery(query: Readonly<Record<string, string | undefined>> = {}): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(query)) if (v !== undefined) out[k] = v
  return out
}
