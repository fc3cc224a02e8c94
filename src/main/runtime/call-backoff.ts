/** How long a server may make us wait at most, whatever its Retry-After says. */
export const MAX_RETRY_AFTER_MS = 60_000

/** First wait when a 429 names no time; doubled each attempt, with jitter. */
const BASE_BACKOFF_MS = 1_000

/**
 * Error codes that mean this machine ran short (descriptors, memory, local ports), not that the
 * provider failed: the call never properly reached it.
 */
const LOCAL_RESOURCE_CODES = new Set(['EMFILE', 'ENFILE', 'ENOMEM', 'ENOBUFS', 'EADDRNOTAVAIL', 'EAGAIN'])

/** The local resource code anywhere in the error's cause chain (undici wraps socket errors). */
export function localResourceCode(err: unknown): string | undefined {
  let cur: unknown = err
  for (let i = 0; i < 8 && cur; i++) {
    const code = (cur as { code?: unknown }).code
    if (typeof code === 'string' && LOCAL_RESOURCE_CODES.has(code)) return code
    const errors = (cur as { errors?: unknown }).errors // AggregateError from happy-eyeballs connects
    if (Array.isArray(errors)) for (const e of errors) if (localResourceCode(e)) return localResourceCode(e)
    cur = (cur as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * The wait a 429 reply asks for, in ms: OpenAI's `retry-after-ms`, else `Retry-After` as seconds
 * or an HTTP date still to come; capped at MAX_RETRY_AFTER_MS. Undefined when the reply names none.
 */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms')
  if (ms !== null && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.min(MAX_RETRY_AFTER_MS, Number(ms))
  const value = headers.get('retry-after')?.trim()
  if (!value) return undefined
  if (/^\d+(\.\d+)?$/.test(value)) return Math.min(MAX_RETRY_AFTER_MS, Number(value) * 1000)
  // An HTTP date names its day and month ('Wed, 21 Oct 2015 07:28:00 GMT'); Date.parse alone takes '-3' as a year.
  const at = /^[A-Za-z]{3},/.test(value) ? Date.parse(value) : NaN
  // A date already past says more of the server's clock than of its wait (one behind ours sends its
  // own "now + n s" into our past): it names no time, and the back-off paces the calls. Read as 0, a
  // rate-limited server was asked again at once, five times in half a second.
  if (Number.isNaN(at) || at <= now) return undefined
  return Math.min(MAX_RETRY_AFTER_MS, at - now)
}

/** Exponential back-off with full jitter for attempt 1, 2, …: a random wait in [d/2, d], d = 1 s · 2^(n-1), capped. */
export function backoffMs(attempt: number, random = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_AFTER_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempt - 1))
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}

/** What one provider call's fetches showed: the wait a 429 asked for, or a local resource error. */
export interface CallObservation {
  rateLimitedFor?: number | null
  localError?: string
}

/** fetch that notes 429 replies' Retry-After and local resource errors into `seen`, changing nothing. */
export function observingFetch(base: typeof fetch, seen: CallObservation): typeof fetch {
  return async (input, init) => {
    try {
      const res = await base(input, init)
      if (res.status === 429) seen.rateLimitedFor = retryAfterMs(res.headers) ?? null
      return res
    } catch (err) {
      const code = localResourceCode(err)
      if (code) seen.localError = code
      throw err
    }
  }
}
