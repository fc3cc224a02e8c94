import { formatPath } from '../../shared/contract/field-errors'
import { sizeText } from '../../shared/byte-size'
import type { RouteBodyLimit } from '../../shared/contract/routes'

const QUOTE = 0x22
const BACKSLASH = 0x5c

const isSpace = (b: number | undefined) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09

/**
 * The bytes each top-level field's value takes in the start of a JSON object body (the one cut at
 * the limit is counted as far as it was received), in order; empty when the start is not that of
 * an object. A scan, not a parse: no value is built, so an 8 MiB start costs milliseconds.
 */
export function topLevelFieldSizes(start: Uint8Array): Map<string, number> {
  const sizes = new Map<string, number>()
  let i = 0
  const skipSpace = () => {
    while (isSpace(start[i])) i++
  }
  /** From an opening quote, past its closing one; false when the start ends first. */
  const skipString = (): boolean => {
    for (i++; i < start.length; i++) {
      if (start[i] === BACKSLASH) i++
      else if (start[i] === QUOTE) {
        i++
        return true
      }
    }
    return false
  }
  skipSpace()
  if (start[i] !== 0x7b) return sizes
  i++
  for (;;) {
    skipSpace()
    if (start[i] !== QUOTE) return sizes
    const keyFrom = i
    if (!skipString()) return sizes
    let key: string
    try {
      key = JSON.parse(Buffer.from(start.subarray(keyFrom, i)).toString('utf8')) as string
    } catch {
      return sizes
    }
    skipSpace()
    if (start[i] !== 0x3a) return sizes
    i++
    skipSpace()
    const valueFrom = i
    let depth = 0
    for (; i < start.length;) {
      const b = start[i]!
      if (b === QUOTE) {
        if (!skipString()) break
        if (depth === 0) break
        continue
      }
      if (b === 0x7b || b === 0x5b) depth++
      else if (b === 0x7d || b === 0x5d) {
        if (depth === 0) break
        depth--
        if (depth === 0) {
          i++
          break
        }
      } else if (b === 0x2c && depth === 0) break
      i++
    }
    sizes.set(key, i - valueFrom)
    skipSpace()
    if (start[i] !== 0x2c) return sizes
    i++
  }
}

/**
 * A field holding more than this is far beyond any id or name a request carries: it is the one to blame.
 * Under a route's limit of 1 MiB, half of it: no one field of such a request comes near that.
 */
const blamedFieldBytes = (limit: RouteBodyLimit) => Math.min(1024 * 1024, limit.bytes / 2)

/**
 * The 413 message for a body over its route's limit, from the start that was received: the field
 * over its own limit, else a field far larger than any other request field, else the body as a
 * whole (what made it large cannot be known without all of it).
 */
export function oversizedBodyMessage(limit: RouteBodyLimit, start: Uint8Array): string {
  const sizes = topLevelFieldSizes(start)
  for (const [field, own] of Object.entries(limit.fields ?? {})) {
    if ((sizes.get(field) ?? 0) > own.bytes) return own.message
  }
  let largest: [string, number] | undefined
  for (const [field, bytes] of sizes) {
    if (field in (limit.fields ?? {})) continue
    if (bytes > blamedFieldBytes(limit) && (!largest || bytes > largest[1])) largest = [field, bytes]
  }
  if (largest) return `${formatPath([largest[0]])}: too large (the whole request may take at most ${sizeText(limit.bytes)})`
  return limit.message
}
