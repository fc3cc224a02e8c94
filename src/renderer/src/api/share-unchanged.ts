/**
 * The window's cache keeps an answer's unchanged parts as the objects it already had (TanStack Query's
 * structural sharing), so rows whose data did not change do not draw again. TanStack's own
 * replaceEqualDeep takes a number kept as its text (JSON.rawJSON, see shared/exact-json.ts) for a plain
 * object with a `rawJSON` key: one changed in place would be copied as `{ rawJSON: "…" }`, which
 * JSON.stringify writes as that object, and an editor saving it would store the object for the number.
 * This is the same sharing with such a number a value of its own, equal to another of the same text.
 */

const isRecord = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object' || Array.isArray(v) || JSON.isRawJSON(v)) return false
  const proto: unknown = Object.getPrototypeOf(v)
  return proto === Object.prototype || proto === null
}

/** `next`, with each part deep-equal to the same part of `prev` replaced by that part of `prev`. */
export function shareUnchanged(prev: unknown, next: unknown, depth = 0): unknown {
  if (prev === next) return prev
  if (JSON.isRawJSON(prev) && JSON.isRawJSON(next)) return prev.rawJSON === next.rawJSON ? prev : next
  if (depth > 500) return next
  if (Array.isArray(prev) && Array.isArray(next)) {
    let same = prev.length === next.length
    const shared = next.map((item, i) => {
      const kept = shareUnchanged(prev[i], item, depth + 1)
      if (kept !== prev[i]) same = false
      return kept
    })
    return same ? prev : shared
  }
  if (!isRecord(prev) || !isRecord(next)) return next
  const keys = Object.keys(next)
  let same = keys.length === Object.keys(prev).length
  const shared: Record<string, unknown> = {}
  for (const key of keys) {
    const kept = Object.hasOwn(prev, key) ? shareUnchanged(prev[key], next[key], depth + 1) : next[key]
    if (!Object.hasOwn(prev, key) || kept !== prev[key]) same = false
    // defineProperty: a "__proto__" key from JSON is a key like any other here.
    Object.defineProperty(shared, key, { value: kept, enumerable: true, writable: true, configurable: true })
  }
  return same ? prev : shared
}
