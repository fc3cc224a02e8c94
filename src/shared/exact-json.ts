/*
 * JSON read so that a whole number past 2^53 stays as it was written. JSON.parse turns
 * 12345678901234567890 into 12345678901234567000, and a scope's free-form objects (metadata, map,
 * index...) or a job's other_model_params are stored and answered "as given, nothing lost": such a
 * number is kept as its own text (JSON.rawJSON), which JSON.stringify writes back unchanged. A schema
 * asking for a number refuses it, naming the field (see field-errors' describe), and one asking for an
 * object or a string refuses it as a number (see the router's check of `roundedCopy`).
 */

/**
 * A whole number of sixteen digits or more as a value (the shortest a number past 2^53 can be
 * written). An embedding's floats (0.0123456789012345678) do not match; digits inside a string may,
 * and are told apart by `longNumberOutsideStrings`.
 */
const LONG_DIGITS = /[:,[]\s*-?\d{16,}\s*[,\]}]/g
const WHOLE = /^-?\d+$/

/** JSON.parse's reviver with the value's source text (Node 21+, Chromium 114+). */
type SourceReviver = (this: unknown, key: string, value: unknown, context?: { readonly source?: string }) => unknown

/** Roots of parsed values that hold at least one number kept as its text. */
const exactRoots = new WeakSet<object>()

/**
 * Whether `text` has a long whole number as a value, not only inside strings. Each match of
 * LONG_DIGITS holds no quote, so it lies wholly inside a string or wholly outside; the quotes before
 * it are walked once in all (each from where the last walk stopped), so the cost stays linear.
 */
export function longNumberOutsideStrings(text: string): boolean {
  LONG_DIGITS.lastIndex = 0
  let walked = 0
  let inString = false
  for (let m = LONG_DIGITS.exec(text); m !== null; m = LONG_DIGITS.exec(text)) {
    for (let q = text.indexOf('"', walked); q !== -1 && q < m.index; q = text.indexOf('"', walked)) {
      walked = q + 1
      if (inString) {
        let slashes = 0
        while (text.charCodeAt(q - 1 - slashes) === 92) slashes++
        if (slashes % 2 === 1) continue // an escaped quote: the string goes on
      }
      inString = !inString
    }
    if (!inString) return true
  }
  return false
}

/** `text` parsed as JSON; throws as JSON.parse does. */
export function parseExactJson(text: string): unknown {
  // Other bodies are parsed as they always were: a reviver slows JSON.parse several times.
  if (!longNumberOutsideStrings(text)) return JSON.parse(text)
  let kept = false
  const keepWholeNumbers: SourceReviver = (_key, value, context) => {
    const source = context?.source
    // 100000000000000000 is past 2^53 yet held exactly: only a number the double would change is kept as text.
    if (typeof value !== 'number' || source === undefined || String(value) === source || !WHOLE.test(source)) return value
    kept = true
    return JSON.rawJSON(source)
  }
  const parsed: unknown = JSON.parse(text, keepWholeNumbers)
  if (kept && parsed !== null && typeof parsed === 'object') exactRoots.add(parsed)
  return parsed
}

/** Whether `value` (a root parseExactJson answered) holds a number kept as its text. */
export const holdsExactNumbers = (value: unknown): boolean => value !== null && typeof value === 'object' && exactRoots.has(value)

/**
 * `value` with each number kept as text read as JSON.parse would (rounded): what a schema checks to
 * refuse such a number where an object or a string is asked for (it is an object to zod). Called on a
 * body already checked for depth.
 */
export function roundedCopy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  if (JSON.isRawJSON(value)) return Number(value.rawJSON)
  if (Array.isArray(value)) return value.map(roundedCopy)
  // fromEntries defines each key as its own (a "__proto__" key too, as JSON.parse does).
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundedCopy(v)]))
}
