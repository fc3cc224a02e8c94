import { groupedNumber, sizeText } from '../byte-size'
import { formatPath } from './field-errors'

/** The contract's limits (Common rules, "limits"). */
export const MAX_JSON_DEPTH = 256
export const MIB = 1024 * 1024
/** A message's `content`, in bytes of UTF-8. */
export const MAX_MESSAGE_CONTENT_BYTES = MIB
/** A provider's answer, in bytes of UTF-8: its text stops growing there; a note saying why it ended comes after. */
export const DEFAULT_MAX_ANSWER_BYTES = MIB

/**
 * The most a job_message body may take on the wire: 1 MiB of content can take up to 6 bytes per
 * byte once JSON-escaped (`\u0001`), plus the other fields. Checked while reading, so a 60 MB
 * body is refused without being held.
 */
export const MAX_JOB_MESSAGE_BODY_BYTES = 8 * MIB
/**
 * The most 1 MiB of content can take as a JSON string, quotes included: an escape takes at most 6
 * bytes for each byte of UTF-8 (`\u0001`). More than this on the wire is surely more than 1 MiB.
 */
export const MAX_MESSAGE_CONTENT_JSON_BYTES = 6 * MAX_MESSAGE_CONTENT_BYTES + 2

/**
 * The 413 of a field (or `body`) over a limit, its size as people read it: every such message says
 * it the same way, never as a bare byte count ("larger than 67108864 bytes").
 */
export const overLimit = (field: string, limitBytes: number, limit = 'limit') =>
  `${field}: larger than the ${limit} of ${sizeText(limitBytes)}`

/** The 413 of an upload over the limit, for the field that carried it. */
export const uploadTooLarge = (field: string, limitBytes: number) => overLimit(field, limitBytes, 'upload limit')

/** Without the field name: zod issues and transports add it. */
export const CONTENT_TOO_LARGE = `larger than the 1 MiB limit (${groupedNumber(MAX_MESSAGE_CONTENT_BYTES)} bytes of UTF-8)`

/** A job_message's `parent` and `files_inbox`, in characters: they name a message or an inbox (a hash is 64). */
export const MAX_REFERENCE_CHARS = 1024

/** Without the field name: zod issues add it. */
export const referenceTooLong = (names: string) => `longer than ${groupedNumber(MAX_REFERENCE_CHARS)} characters (it names ${names})`

/**
 * A job config's fields other than custom_prompt (other_model_params, and any other key kept as given),
 * as JSON in bytes: a model's extra parameters, stored with the job and sent with every read of its inbox.
 */
export const MAX_CONFIG_REST_BYTES = 64 * 1024
/** Without the field name: zod issues add it. */
export const CONFIG_REST_TOO_LARGE = `larger than the ${sizeText(MAX_CONFIG_REST_BYTES)} a job config's fields other than custom_prompt may take together (as JSON)`
/**
 * The most an update_job_config body may take on the wire, as a job_message's: its custom_prompt (1 MiB of
 * text, up to 6 bytes a byte once JSON-escaped) and the rest (64 KiB) fit. Checked while reading: a 60 MB body of empty arrays took
 * 1.9 GB and 24 s to parse before its fields could be refused.
 */
export const MAX_JOB_CONFIG_BODY_BYTES = 8 * MIB
export const JOB_CONFIG_BODY_TOO_LARGE = `body: larger than the ${sizeText(MAX_JOB_CONFIG_BODY_BYTES)} a job config's request may take (its custom_prompt may be at most 1 MiB of UTF-8, the rest ${sizeText(MAX_CONFIG_REST_BYTES)})`

/**
 * The most a request whose fields are ids, names, paths, flags or one provider's settings may take on
 * the wire: such a body is at most a few KiB (a search is at most 10,000 characters, 60 KB escaped).
 * Checked while reading: any route took 64 MiB, and a 60 MB body of empty arrays sent to one of them
 * took 1.6 GB and 16 s to parse before its fields were looked at.
 */
export const MAX_SMALL_BODY_BYTES = MIB
export const SMALL_BODY_LIMIT = {
  bytes: MAX_SMALL_BODY_BYTES,
  message: `body: larger than the ${sizeText(MAX_SMALL_BODY_BYTES)} this request may take (its fields are ids, names, paths and settings)`
} as const
/** add_llm_providers: up to 100 providers, each a few hundred bytes; 80 KiB apiece is room to spare. */
export const MAX_PROVIDER_BATCH_BODY_BYTES = 8 * MIB
export const PROVIDER_BATCH_BODY_LIMIT = {
  bytes: MAX_PROVIDER_BATCH_BODY_BYTES,
  message: `body: larger than the ${sizeText(MAX_PROVIDER_BATCH_BODY_BYTES)} a request adding providers may take (at most 100 providers)`
} as const

/** A job_message body over its limit where no one field can be blamed. */
export const JOB_MESSAGE_BODY_TOO_LARGE = `body: larger than the ${sizeText(MAX_JOB_MESSAGE_BODY_BYTES)} a message's request may take (its content may be at most 1 MiB of UTF-8)`

/** Half of a surrogate pair standing alone (JSON can write one as an escape; UTF-8 cannot carry it). */
export const LONE_SURROGATE = /\p{Cs}/u
export const LONE_SURROGATE_RULE = 'Use text without lone surrogates (an unpaired \\ud800-\\udfff escape has no UTF-8 form).'

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

/** A container being walked: its keys (null for an array) and the next one to visit. */
interface Level {
  readonly value: object
  readonly keys: readonly string[] | null
  readonly size: number
  next: number
  /** The key under which it sits in the level above (undefined for the outermost value). */
  readonly key: string | number | undefined
}

/** Bytes (an upload's file_data over IPC) are a leaf: walking a typed array's indices would take its size in strings. */
/** An object or array (a number kept as its text, see shared/exact-json.ts, is a value: no level). */
const isContainer = (v: unknown): v is object => v !== null && typeof v === 'object' && !ArrayBuffer.isView(v) && !JSON.isRawJSON(v)

function isEmpty(value: object): boolean {
  if (Array.isArray(value)) return value.length === 0
  for (const k in value) if (Object.hasOwn(value, k)) return false
  return true
}

const levelOf = (value: object, key: string | number | undefined): Level => {
  const keys = Array.isArray(value) ? null : Object.keys(value)
  return { value, keys, size: keys ? keys.length : (value as unknown[]).length, next: 0, key }
}

/**
 * The path of the first value nested deeper than `max` levels (the outermost object or array is
 * level 1), or undefined. It holds one entry per level of the path being walked (never one per
 * value: an array of 20 million objects is a single level), so even a 100,000-level value is
 * walked without recursion. A cyclic value (possible over IPC) counts as too deep.
 */
export function tooDeepPath(value: unknown, max = MAX_JSON_DEPTH): string | undefined {
  if (!isContainer(value)) return undefined
  if (max < 1) return ''
  const levels: Level[] = [levelOf(value, undefined)]
  while (levels.length > 0) {
    const top = levels[levels.length - 1]!
    if (top.next >= top.size) {
      levels.pop()
      continue
    }
    const key = top.keys ? top.keys[top.next]! : top.next
    top.next++
    const child = (top.value as Record<string | number, unknown>)[key]
    if (!isContainer(child)) continue
    const depth = levels.length + 1
    if (depth > max) return formatPath([...levels.slice(1).map((l) => l.key!), key])
    // An empty one has nothing below it: no level is made for it (a body of 20 million {} makes none).
    if (!isEmpty(child)) levels.push(levelOf(child, key))
  }
  return undefined
}

/** What a number no double can hold (JSON's 1e309, read as Infinity) is said to be, wherever it is. */
export const NUMBER_TOO_LARGE = 'a number too large to represent'

/**
 * The path of the first number that is not finite (JSON can write 1e309; JSON.parse reads it as
 * Infinity, which would be stored and returned as null), or undefined. Called on a body already
 * checked for depth, so recursion stays within MAX_JSON_DEPTH levels.
 */
export function nonFinitePath(value: unknown): string | undefined {
  const found = nonFiniteKeys(value)
  return found === undefined ? undefined : formatPath(found.reverse())
}

/** The keys down to the first number that is not finite, innermost first (made only once one is found). */
function nonFiniteKeys(value: unknown): (string | number)[] | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : []
  if (!isContainer(value)) return undefined
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nonFiniteKeys(value[i])
      if (found === undefined) continue
      found.push(i)
      return found
    }
    return undefined
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    const found = nonFiniteKeys((value as Record<string, unknown>)[key])
    if (found === undefined) continue
    found.push(key)
    return found
  }
  return undefined
}

/** 256 levels of long keys would make an unreadable message: it keeps the path's start and end. */
export const tooDeepMessage = (path: string, limitOf = 'JSON bodies') =>
  `${path === '' ? 'body' : path.length > 300 ? `${path.slice(0, 150)}…${path.slice(-150)}` : path}: nested deeper than ${MAX_JSON_DEPTH} levels (the limit for ${limitOf})`
