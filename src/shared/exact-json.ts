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
 * written), its digits the group; the delimiter after it is looked at, not taken, so the next number
 * of an array can match from it. An embedding's floats (0.0123456789012345678) do not match; digits
 * inside a string may, and are told apart by `longNumbersOutsideStrings`.
 */
const LONG_DIGITS = /[:,[]\s*(-?\d{16,})(?=\s*[,\]}])/g

/** Roots of parsed values that hold at least one number kept as its text. */
const exactRoots = new WeakSet<object>()

/**
 * Where `text` has a long whole number as a value, not inside a string: each as [start, end) of its
 * digits. Each match of LONG_DIGITS holds no quote, so it lies wholly inside a string or wholly outside;
 * the quotes before it are walked once in all (each from where the last walk stopped): linear.
 */
export function longNumbersOutsideStrings(text: string): [number, number][] {
  const found: [number, number][] = []
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
    if (inString) continue
    const end = m.index + m[0].length
    found.push([end - m[1]!.length, end])
  }
  return found
}

/**
 * `text` parsed as JSON; throws as JSON.parse does. Each long number outside strings is first written
 * as a string that no JSON text can hold by chance (a NUL and a fresh random tag before its digits),
 * the text is parsed by JSON.parse alone, and those strings are then put back as numbers: kept as text
 * where a double would change them. A 24 MB scope holding one such number is read in 3-4 times
 * JSON.parse's time; with a reviver (JSON.parse's source text) it took 10-20 times.
 */
export function parseExactJson(text: string): unknown {
  const spans = longNumbersOutsideStrings(text)
  if (spans.length === 0) return JSON.parse(text)
  const tag = `\u0000${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}:`
  let marked = ''
  let at = 0
  for (const [start, end] of spans) {
    marked += `${text.slice(at, start)}"\\u0000${tag.slice(1)}${text.slice(start, end)}"`
    at = end
  }
  marked += text.slice(at)
  const parsed: unknown = JSON.parse(marked)
  const number = (value: string) => {
    const digits = value.slice(tag.length)
    const n = Number(digits)
    // 100000000000000000 is past 2^53 yet held exactly: only a number the double would change is kept as text.
    return String(n) === digits ? n : JSON.rawJSON(digits)
  }
  const isMark = (v: unknown): v is string => typeof v === 'string' && v.startsWith(tag)
  let kept = false
  // A marked number is never the whole text (LONG_DIGITS wants a delimiter before it): only containers hold one.
  // Iterative: a body may be nested far deeper than the stack (the router refuses it, naming where).
  const pending: object[] = parsed !== null && typeof parsed === 'object' ? [parsed] : []
  const put = (container: Record<string, unknown> | unknown[], key: string | number, v: unknown) => {
    if (isMark(v)) {
      const n = number(v)
      if (typeof n !== 'number') kept = true
      // defineProperty: a "__proto__" key from JSON is an own key like any other.
      Object.defineProperty(container, key, { value: n, enumerable: true, writable: true, configurable: true })
    } else if (v !== null && typeof v === 'object') pending.push(v)
  }
  while (pending.length > 0) {
    const container = pending.pop()!
    if (Array.isArray(container)) for (let i = 0; i < container.length; i++) put(container, i, container[i])
    else
      for (const key of Object.keys(container)) put(container as Record<string, unknown>, key, (container as Record<string, unknown>)[key])
  }
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
