import { createHmac, randomBytes } from 'node:crypto'
import type { LastCheck } from '../../shared/contract/provider'
import { providerFields } from './provider-fields'

/**
 * Which settings a check result belongs to. A provider's `last_check` says whether exactly its
 * settings answered: `check_llm_provider` checks a stored provider; a `test_llm_provider` of
 * settings equal to a stored provider's counts as its check; and the result of testing settings
 * that are then saved as they were ("Test & add" passed, or "Save without a working test" after
 * it failed) becomes the new provider's first check.
 */

/** JSON with every object's keys sorted: equal settings give equal text whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value)
}

/**
 * The provider's settings without its key, as comparable text. An `external_url` of null is the
 * same setting as none (both call the kind's default address), so a provider stored with one is
 * the provider a test sent without it, and the other way round.
 */
export function settingsOf(provider: unknown): string {
  const fields = providerFields(provider)
  if (fields.external_url === null) delete fields.external_url
  return canonical(fields)
}

export interface CheckMemory {
  /**
   * A number for a check about to begin: a check begun later gets a larger one. A check's result is
   * kept only if no check of the same begun later was kept first: a test the window stopped waiting
   * for (Cancel test) still ends at the node, up to 2 minutes later, and must not then replace the
   * result of a newer test or check.
   */
  begin(): number
  /** Remembers the result of testing these settings with this key ('' for none), begun at `begun`. */
  remember(settings: string, key: string, check: LastCheck, begun: number): void
  /** The result of a recent test of exactly these settings and key, if any. */
  recall(settings: string, key: string): LastCheck | undefined
  /** Whether a check begun at `begun` may become provider `id`'s last check (none begun later has); if so, it is marked as its latest. */
  mayRecord(id: string, begun: number): boolean
}

const KEEP = 256
const KEEP_MS = 60 * 60 * 1000

/**
 * Recent test results, in memory only, keyed by an HMAC of the settings and key under a secret
 * made at start: no key is kept, and the keys cannot be guessed back from what is kept.
 */
export function checkMemory(now: () => number = Date.now): CheckMemory {
  const secret = randomBytes(32)
  const results = new Map<string, { check: LastCheck; until: number; begun: number }>()
  /** By provider id: when its recorded check began. */
  const recorded = new Map<string, number>()
  let begun = 0
  const keyOf = (settings: string, key: string) => createHmac('sha256', secret).update(settings).update('\0').update(key).digest('hex')
  return {
    begin: () => ++begun,
    remember(settings, key, check, at) {
      const k = keyOf(settings, key)
      const known = results.get(k)
      if (known && known.begun > at && known.until >= now()) return
      results.delete(k)
      results.set(k, { check, until: now() + KEEP_MS, begun: at })
      while (results.size > KEEP) results.delete(results.keys().next().value!)
    },
    mayRecord(id, at) {
      if ((recorded.get(id) ?? 0) > at) return false
      recorded.delete(id)
      recorded.set(id, at)
      while (recorded.size > KEEP) recorded.delete(recorded.keys().next().value!)
      return true
    },
    recall(settings, key) {
      const k = keyOf(settings, key)
      const hit = results.get(k)
      if (!hit || hit.until < now()) return undefined
      return hit.check
    }
  }
}
