/*
 * A request body's JSON, read so that a whole number past 2^53 stays as it was written. JSON.parse
 * turns 12345678901234567890 into 12345678901234567000, and a scope's free-form objects (metadata,
 * map, index...) or a job's other_model_params are stored and answered "as given, nothing lost": such
 * a number is kept as its own text (JSON.rawJSON), which JSON.stringify writes back unchanged. A
 * schema asking for a number refuses it, naming the field (see field-errors' describe).
 */

/**
 * A whole number of sixteen digits or more as a value (the shortest a number past 2^53 can be
 * written): other bodies are parsed as they always were, without a reviver, which slows JSON.parse
 * several times. An embedding's floats (0.0123456789012345678) do not match.
 */
const LONG_DIGITS = /[:,[]\s*-?\d{16,}\s*[,\]}]/
const WHOLE = /^-?\d+$/

/** JSON.parse's reviver with the value's source text (Node 21+, Chromium 114+). */
type SourceReviver = (this: unknown, key: string, value: unknown, context?: { readonly source?: string }) => unknown

const keepWholeNumbers: SourceReviver = (_key, value, context) =>
  typeof value === 'number' && !Number.isSafeInteger(value) && context?.source !== undefined && WHOLE.test(context.source)
    ? JSON.rawJSON(context.source)
    : value

/** `text` parsed as JSON; throws as JSON.parse does. */
export function parseExactJson(text: string): unknown {
  if (!LONG_DIGITS.test(text)) return JSON.parse(text)
  return JSON.parse(text, keepWholeNumbers)
}
