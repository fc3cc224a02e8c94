import type { z } from 'zod'

/**
 * Field errors travel in the `message` of a `{code, error, message}` body, as
 * `path: text; path: text (and N more)`. This module is the one place that writes and reads that
 * format: the node writes it for 400s, the window reads it back to mark form fields.
 *
 * A path is written `a.b[2].c`: identifier keys bare, indices in brackets, any other key as a
 * JSON string in brackets (`["x.y"]`), so every path reads back to the same segments. The whole
 * body is written `body`. A text may contain `; ` as long as what follows is not itself `path: `.
 */

export type PathSegment = string | number

export interface FieldError {
  /** The field's segments; empty for the body as a whole (or a message that names no field). */
  readonly path: readonly PathSegment[]
  readonly text: string
}

const ROOT = 'body'
const SEPARATOR = '; '
const BARE_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/
const MORE = / \(and (\d+) more\)$/

/** `a.b[2].c` from a path (a zod issue path, or FieldError.path); '' for the root. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`
    else {
      const key = String(seg)
      if (!BARE_KEY.test(key) || (out === '' && key === ROOT)) out += `[${JSON.stringify(key)}]`
      else out += out === '' ? key : `.${key}`
    }
  }
  return out
}

/**
 * The message of a 400: `path: text` for each error, joined; `more` errors left out are counted at the end.
 * A sentence's full stop is left out before the separator ("…64 characters; model: required", not "….; ").
 */
export function formatFieldErrors(errors: readonly FieldError[], more = 0): string {
  const text = errors
    .map((e, i) => `${formatPath(e.path) || ROOT}: ${i < errors.length - 1 ? e.text.replace(/(?<!\.)\.$/, '') : e.text}`)
    .join(SEPARATOR)
  return more > 0 ? `${text} (and ${more} more)` : text
}

/** Reads a path written by formatPath at `at`, followed by ': '; undefined when there is none. */
function readPath(message: string, at: number): { path: PathSegment[]; end: number } | undefined {
  const path: PathSegment[] = []
  let i = at
  for (;;) {
    const rest = message.slice(i)
    let m: RegExpExecArray | null
    if ((m = /^\[(\d+)\]/.exec(rest))) path.push(Number(m[1]))
    else if ((m = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest))) {
      try {
        path.push(JSON.parse(m[1]!) as string)
      } catch {
        return undefined
      }
    } else if ((m = (path.length === 0 ? /^[A-Za-z_][A-Za-z0-9_]*/ : /^\.[A-Za-z_][A-Za-z0-9_]*/).exec(rest))) {
      path.push(path.length === 0 ? m[0] : m[0].slice(1))
    } else break
    i += m[0].length
  }
  if (path.length === 0 || !message.startsWith(': ', i)) return undefined
  return { path: path.length === 1 && path[0] === ROOT && message[at] !== '[' ? [] : path, end: i + 2 }
}

/** How many errors a message left out ("(and N more)" at its end). */
export function omittedErrors(message: string): number {
  return Number(MORE.exec(message)?.[1] ?? 0)
}

/**
 * The field errors of a message written by formatFieldErrors (or by hand in the same format). A
 * message that starts without a path reads as one error about no field; "(and N more)" is dropped.
 */
export function parseFieldErrors(message: string): FieldError[] {
  const body = message.replace(MORE, '')
  const out: { path: PathSegment[]; text: string }[] = []
  const first = readPath(body, 0)
  let current = first ? { path: first.path, text: '' } : { path: [], text: '' }
  let textStart = first ? first.end : 0
  let from = textStart
  for (;;) {
    const cut = body.indexOf(SEPARATOR, from)
    const next = cut < 0 ? undefined : readPath(body, cut + SEPARATOR.length)
    if (cut < 0 || next) {
      current.text = body.slice(textStart, cut < 0 ? undefined : cut)
      out.push(current)
      if (cut < 0 || !next) return out
      current = { path: next.path, text: '' }
      textStart = from = next.end
    } else from = cut + SEPARATOR.length
  }
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined
    if (!Object.prototype.hasOwnProperty.call(cur, seg)) return undefined
    cur = (cur as Record<PropertyKey, unknown>)[seg]
  }
  return cur
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  // JSON can write 1e309; JSON.parse reads it as Infinity, which no schema takes as a number.
  if (typeof value === 'number' && !Number.isFinite(value)) return 'a number too large to represent'
  // A whole number past 2^53, kept as written where a schema takes anything (see transports/exact-json.ts).
  if (JSON.isRawJSON(value)) return `the number ${value.rawJSON}`
  return typeof value
}

/** zod's own wording; anything else is a message a schema chose and is kept. */
const isZodDefault = (message: string) => /^(Invalid|Too (small|big)|Unrecognized)/.test(message)

/**
 * A message a schema wrote as a whole sentence (capitalised, e.g. "Enter an id: ...") is what a
 * person reads for every problem with that field, a missing value included.
 */
const isSentence = (message: string) => /^[A-Z]/.test(message) && !isZodDefault(message)

const segments = (path: readonly PropertyKey[]): PathSegment[] => path.map((s) => (typeof s === 'number' ? s : String(s)))

/** The errors one issue makes, in plain words, each naming the offending field's path. */
function issueErrors(issue: z.core.$ZodIssue, input: unknown, prefix: readonly PropertyKey[]): FieldError[] {
  const path = segments([...prefix, ...issue.path])
  const here = (text: string): FieldError[] => [{ path, text }]
  if (issue.code !== 'unrecognized_keys' && isSentence(issue.message)) return here(issue.message)
  // A whole number past 2^53 where a number is asked for (typed, or bounded: its rounded reading may be
  // what was checked): it would not be kept as written. Where anything else is asked for, it is a number.
  const numeric =
    issue.code === 'invalid_type'
      ? issue.expected === 'number' || issue.expected === 'int'
      : 'origin' in issue && (issue.origin === 'number' || issue.origin === 'int')
  const exact = numeric ? valueAt(input, issue.path) : undefined
  if (JSON.isRawJSON(exact)) return here(`must be within ±${Number.MAX_SAFE_INTEGER} (got ${exact.rawJSON}, which cannot be kept exactly)`)
  switch (issue.code) {
    case 'invalid_type': {
      const actual = valueAt(input, issue.path)
      if (actual === undefined) return here('required')
      // Schemas that carry their own wording (e.g. "expected array of strings") keep it.
      if (!isZodDefault(issue.message)) return here(issue.message)
      // zod names a whole number "int" and 1.5 a "number": "expected int, got number" reads as nonsense.
      if (issue.expected === 'int') {
        return here(`expected a whole number, got ${typeof actual === 'number' && Number.isFinite(actual) ? actual : describe(actual)}`)
      }
      return here(`expected ${issue.expected}, got ${describe(actual)}`)
    }
    case 'unrecognized_keys':
      return issue.keys.map((k) => ({ path: [...path, k], text: 'unknown field' }))
    case 'invalid_key':
      return here(isZodDefault(issue.message) ? 'invalid key' : issue.message)
    case 'too_small':
      if (!isZodDefault(issue.message)) return here(issue.message)
      if (issue.origin === 'string') return here(`must be at least ${issue.minimum} character${issue.minimum === 1 ? '' : 's'}`)
      if (issue.origin === 'array') return here(`must have at least ${issue.minimum} item${issue.minimum === 1 ? '' : 's'}`)
      return here(`must be at least ${issue.minimum}`)
    case 'too_big':
      if (!isZodDefault(issue.message)) return here(issue.message)
      if (issue.origin === 'string') return here(`must be at most ${issue.maximum} characters`)
      if (issue.origin === 'array') return here(`must have at most ${issue.maximum} items`)
      return here(`must be at most ${issue.maximum}`)
    case 'invalid_value':
      return here(
        issue.message.startsWith('Invalid') ? `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}` : issue.message
      )
    case 'invalid_format':
      return here(isZodDefault(issue.message) ? `invalid ${issue.format}` : issue.message)
    case 'invalid_union':
      return here(isZodDefault(issue.message) ? 'does not match any accepted shape' : issue.message)
    default:
      return here(issue.message)
  }
}

/**
 * The message of a 400: every issue zod found, each naming its field path,
 * e.g. `model: expected exactly one provider kind key`.
 */
export function formatIssues(issues: readonly z.core.$ZodIssue[], input: unknown, prefix: readonly PropertyKey[] = []): string {
  // One message per field: the first problem found is the one to fix.
  const firstPerField = new Map<string, z.core.$ZodIssue>()
  for (const issue of issues) {
    const field = issue.code === 'unrecognized_keys' ? `${formatPath(issue.path)}+` : formatPath(issue.path)
    if (!firstPerField.has(field)) firstPerField.set(field, issue)
  }
  const picked = [...firstPerField.values()].slice(0, 5)
  return formatFieldErrors(
    picked.flatMap((issue) => issueErrors(issue, input, prefix)),
    firstPerField.size - picked.length
  )
}
