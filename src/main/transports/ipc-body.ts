import { MAX_JSON_DEPTH } from '../../shared/contract/limits'

/**
 * An IPC body as HTTP would carry it: structured clone keeps what JSON cannot (a key set to
 * undefined, an undefined in an array), which over HTTP the caller's JSON.stringify leaves out
 * or writes as null. Both transports must answer the same request alike, so an IPC body is read
 * as its JSON would be: such keys removed, such elements null. Changed in place (the body is the
 * IPC's own copy); bytes (an upload's file_data) are left as they are. Each object is visited
 * once (a clone may share or cycle), and not deeper than the JSON depth limit: the router refuses
 * a deeper body anyway.
 */
export function asJsonBody(body: unknown): unknown {
  if (body === undefined || body === null || typeof body !== 'object') return body
  const seen = new WeakSet<object>()
  const stack: { value: object; depth: number }[] = [{ value: body, depth: 1 }]
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!
    if (depth > MAX_JSON_DEPTH || seen.has(value) || ArrayBuffer.isView(value) || value instanceof ArrayBuffer) continue
    seen.add(value)
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const v: unknown = value[i]
        if (v === undefined) value[i] = null
        else if (v !== null && typeof v === 'object') stack.push({ value: v, depth: depth + 1 })
      }
    } else {
      const record = value as Record<string, unknown>
      for (const k of Object.keys(record)) {
        const v = record[k]
        if (v === undefined) delete record[k]
        else if (v !== null && typeof v === 'object') stack.push({ value: v, depth: depth + 1 })
      }
    }
  }
  return body
}
