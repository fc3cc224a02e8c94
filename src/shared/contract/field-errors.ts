import type { z } from 'zod'

/** `a.b[2].c` from a zod issue path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`
    else out += out === '' ? String(seg) : `.${String(seg)}`
  }
  return out
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined
    if (!Object.prototype.hasOwnProperty.call(cur, seg as PropertyKey)) return undefined
    cur = (cur as Record<PropertyKey, unknown>)[seg as PropertyKey]
  }
  return cur
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

/** zod's own wording; anything else is a message a schema chose and is kept. */
const isZodDefault = (message: string) => /^(Invalid|Too (small|big)|Unrecognized)/.test(message)

/**
 * A message a schema wrote as a whole sentence (capitalised, e.g. "Enter an id: ...") is what a
 * person reads for every problem with that field, a missing value included.
 */
const isSentence = (message: string) => /^[A-Z]/.test(message) && !isZodDefault(message)

/** One human line for one issue, starting with the offending field's path. */
function issueMessage(issue: z.core.$ZodIssue, input: unknown, prefix: readonly PropertyKey[]): string {
  const path = [...prefix, ...issue.path]
  const at = formatPath(path)
  const here = (text: string) => (at === '' ? `body: ${text}` : `${at}: ${text}`)
  if (issue.code !== 'unrecognized_keys' && isSentence(issue.message)) return here(issue.message)
  switch (issue.code) {
    case 'invalid_type': {
      const actual = valueAt(input, issue.path)
      if (actual === undefined) return here('required')
      // Schemas that carry their own wording (e.g. "expected array of strings") keep it.
      if (!isZodDefault(issue.message)) return here(issue.message)
      return here(`expected ${issue.expected}, got ${describe(actual)}`)
    }
    case 'unrecognized_keys':
      return issue.keys.map((k) => `${formatPath([...path, k])}: unknown field`).join('; ')
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
  const lines = [...firstPerField.values()].slice(0, 5).map((issue) => issueMessage(issue, input, prefix))
  const more = firstPerField.size > lines.length ? ` (and ${firstPerField.size - lines.length} more)` : ''
  return lines.join('; ') + more
}
