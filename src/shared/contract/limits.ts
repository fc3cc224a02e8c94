import { formatPath } from './field-errors'

/** The contract's limits (Common rules, "limits"). */
export const MAX_JSON_DEPTH = 256
export const MIB = 1024 * 1024
/** A message's `content`, in bytes of UTF-8. */
export const MAX_MESSAGE_CONTENT_BYTES = MIB
/** A provider's answer, in bytes of UTF-8, the note saying it was cut included. */
export const DEFAULT_MAX_ANSWER_BYTES = MIB

/**
 * The most a job_message body may take on the wire: 1 MiB of content can take up to 6 bytes per
 * byte once JSON-escaped (`\u0001`), plus the other fields. Checked while reading, so a 60 MB
 * body is refused without being held.
 */
export const MAX_JOB_MESSAGE_BODY_BYTES = 8 * MIB

/** A size for people: whole MiB as such ("256 MiB"), else the exact bytes, grouped ("1,000 bytes"). */
export function sizeText(bytes: number): string {
  if (bytes >= MIB && bytes % MIB === 0) return `${bytes / MIB} MiB`
  return `${bytes.toLocaleString('en-US')} bytes`
}

/** The 413 of an upload over the limit, for the field that carried it. */
export const uploadTooLarge = (field: string, limitBytes: number) => `${field}: larger than the upload limit of ${sizeText(limitBytes)}`

/** Without the field name: zod issues and transports add it. */
export const CONTENT_TOO_LARGE = `larger than the 1 MiB limit (${MAX_MESSAGE_CONTENT_BYTES.toLocaleString('en-US')} bytes of UTF-8)`

/** UTF-8 length of a string without encoding it (no copy of a large string). */
export function utf8Length(s: string): number {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x80) n += 1
    else if (c < 0x800) n += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4
      i++
    } else n += 3
  }
  return n
}

interface Frame {
  readonly key: string | number | undefined
  readonly parent: Frame | undefined
  readonly value: object
  readonly depth: number
}

/**
 * The path of the first value nested deeper than `max` levels (the outermost object or array is
 * level 1), or undefined. Iterative, so even a 100,000-level value is walked without recursion;
 * a cyclic value (possible over IPC) counts as too deep.
 */
export function tooDeepPath(value: unknown, max = MAX_JSON_DEPTH): string | undefined {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return undefined
  const stack: Frame[] = [{ key: undefined, parent: undefined, value, depth: 1 }]
  while (stack.length > 0) {
    const f = stack.pop()!
    if (f.depth > max) return pathOf(f)
    const v = f.value as Record<string, unknown> | unknown[]
    const push = (key: string | number, child: unknown) => {
      // Bytes (an upload's file_data over IPC) are a leaf: walking a typed array's indices would take its size in strings.
      if (child !== null && typeof child === 'object' && !ArrayBuffer.isView(child)) {
        stack.push({ key, parent: f, value: child, depth: f.depth + 1 })
      }
    }
    if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) push(i, v[i])
    else for (const k of Object.keys(v)) push(k, v[k])
  }
  return undefined
}

function pathOf(f: Frame): string {
  const keys: (string | number)[] = []
  for (let cur: Frame | undefined = f; cur?.key !== undefined; cur = cur.parent) keys.push(cur.key)
  return formatPath(keys.reverse())
}

/** 256 levels of long keys would make an unreadable message: it keeps the path's start and end. */
export const tooDeepMessage = (path: string) =>
  `${path === '' ? 'body' : path.length > 300 ? `${path.slice(0, 150)}…${path.slice(-150)}` : path}: nested deeper than ${MAX_JSON_DEPTH} levels (the limit for JSON bodies)`
