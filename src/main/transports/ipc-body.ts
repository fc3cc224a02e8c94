import { formatPath } from '../../shared/contract/field-errors'
import { MAX_JSON_DEPTH } from '../../shared/contract/limits'

/** The body to route, or why it cannot be (a 400 message naming the field). */
export type IpcBody = { readonly ok: true; readonly body: unknown } | { readonly ok: false; readonly message: string }

interface Visit {
  readonly value: object
  readonly depth: number
  readonly parent?: Visit
  readonly key?: string | number
}

const isBytes = (v: object) => ArrayBuffer.isView(v) || v instanceof ArrayBuffer

/**
 * What structured clone carries but JSON has no form for, said of the value; undefined for a
 * value JSON carries. Such a value cannot come over HTTP at all, and left in it would be stored
 * as something else (a Map as {}) or fail when stored (a BigInt: 500).
 */
function noJsonForm(v: unknown): string | undefined {
  if (typeof v === 'bigint') return 'a BigInt has no JSON form; send the number as a number or a string'
  if (typeof v === 'number' && Number.isNaN(v)) return 'NaN is not a number JSON can carry'
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined
  const proto: unknown = Object.getPrototypeOf(v)
  if (proto === Object.prototype || proto === null) return undefined
  const kind = Object.prototype.toString.call(v).slice(8, -1)
  return `${/^[AEIOU]/.test(kind) ? 'an' : 'a'} ${kind} has no JSON form; send plain objects, arrays, strings, numbers and booleans`
}

const pathOf = (visit: Visit, key: string | number) => {
  const keys: (string | number)[] = [key]
  for (let v: Visit | undefined = visit; v?.key !== undefined; v = v.parent) keys.push(v.key)
  return formatPath(keys.reverse())
}

/**
 * An IPC body as HTTP would carry it: structured clone keeps what JSON cannot (a key set to
 * undefined, an undefined in an array), which over HTTP the caller's JSON.stringify leaves out
 * or writes as null. Both transports must answer the same request alike, so an IPC body is read
 * as its JSON would be: such keys removed, such elements null. A value no JSON can carry (a
 * BigInt, NaN, a Map, a Date) is refused, naming where it is. Changed in place (the body is the
 * IPC's own copy); bytes are left as they are in an upload's file_data (a top-level field), and refused elsewhere.
 * Each object is visited once (a clone may share or cycle), and not deeper than the JSON depth
 * limit: the router refuses a deeper body anyway.
 */
export function asJsonBody(body: unknown): IpcBody {
  if (body !== null && typeof body === 'object' && isBytes(body))
    return { ok: false, message: "body: bytes are taken only as an upload's file_data" }
  const problem = noJsonForm(body)
  if (problem !== undefined) return { ok: false, message: `body: ${problem}` }
  if (body === undefined || body === null || typeof body !== 'object') return { ok: true, body }
  const seen = new WeakSet<object>()
  const stack: Visit[] = [{ value: body, depth: 1 }]
  while (stack.length > 0) {
    const visit = stack.pop()!
    const { value, depth } = visit
    if (depth > MAX_JSON_DEPTH || seen.has(value)) continue
    seen.add(value)
    const record = value as Record<string | number, unknown>
    const isArray = Array.isArray(value)
    /** Checks one member; a message when it cannot be taken. */
    const member = (k: string | number): string | undefined => {
      const v = record[k]
      if (v === undefined) {
        if (isArray) record[k] = null
        else delete record[k]
        return undefined
      }
      if (v !== null && typeof v === 'object' && isBytes(v)) {
        // Only there: elsewhere a schema would read them as an object and list the fields they lack.
        return depth === 1 && !isArray && k === 'file_data'
          ? undefined
          : `${pathOf(visit, k)}: bytes are taken only as an upload's file_data`
      }
      const bad = noJsonForm(v)
      if (bad !== undefined) return `${pathOf(visit, k)}: ${bad}`
      if (v !== null && typeof v === 'object') stack.push({ value: v, depth: depth + 1, parent: visit, key: k })
      return undefined
    }
    // An array is walked by index: a key list of a 3,000,000-element array would be a copy of it.
    const count = isArray ? value.length : 0
    for (let i = 0; i < count; i++) {
      const message = member(i)
      if (message !== undefined) return { ok: false, message }
    }
    if (!isArray) {
      for (const k of Object.keys(value)) {
        const message = member(k)
        if (message !== undefined) return { ok: false, message }
      }
    }
  }
  return { ok: true, body }
}
