import { sizeText } from '../../shared/byte-size'
import type { ProviderProtocol } from '../../shared/provider-catalog'
import { utf8Body } from './charset-body'
import { sniffEventStream } from './event-stream-sniff'
import { endWatch, StreamEndedEarlyError } from './stream-end'

/** A provider's response body grew past the bytes the node accepts for it. */
export class ResponseTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the provider's response is larger than ${sizeText(maxBytes)}`)
  }
}

/**
 * fetch whose response bodies stop at `maxBytes`: past it the body errors with ResponseTooLarge
 * (which cancels the download) and `onExceeded` runs. Keeps a provider that sends without end
 * from filling the node's memory, whatever the SDK on top buffers.
 */
export function cappedFetch(base: typeof fetch, maxBytes: number, onExceeded?: () => void): typeof fetch {
  return guardedFetch(base, { maxBytes, onExceeded })
}

/**
 * How long a body that already holds one whole JSON object may pause before it is taken as ended:
 * a server (or proxy) that never sends the last piece of its chunked encoding would otherwise keep a
 * whole reply waiting until the time-out failed it. Nothing after a whole object can change it.
 */
export const WHOLE_JSON_GRACE_MS = 1000

const PAUSED = Symbol('no bytes for the grace')

/** The one whole JSON object `text` holds (more bytes could only be space or garbage), else undefined. */
function wholeObject(text: string): Record<string, unknown> | undefined {
  const t = text.trim()
  if (!t.startsWith('{') || !t.endsWith('}')) return undefined
  try {
    return JSON.parse(t) as Record<string, unknown>
  } catch {
    return undefined
  }
}

/**
 * A body read to its end, or up to the wire limit (`cut`): what came before ResponseTooLarge, which
 * a whole-body read (`res.text()`) throws away. With `graceMs`, a body that pauses that long once it
 * holds a whole JSON object ends there (it is parsed only at such a pause, never once per piece);
 * `isEnd` tells a whole object that ends the reply from one that only starts it (a line of NDJSON).
 */
export async function readUpToCap(
  res: Response,
  maxBytes = Infinity,
  graceMs?: number,
  isEnd: (whole: Record<string, unknown>) => boolean = () => true
): Promise<{ text: string; cut?: ResponseTooLarge }> {
  const reader: ReadableStreamDefaultReader<Uint8Array> = res.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let bytes = 0
  let timer: NodeJS.Timeout | undefined
  const next = async () => {
    if (graceMs === undefined || bytes === 0) return reader.read()
    const reading = reader.read()
    try {
      const paused = await Promise.race([reading, new Promise<typeof PAUSED>((r) => (timer = setTimeout(() => r(PAUSED), graceMs)))])
      if (paused !== PAUSED) return paused
      const whole = wholeObject(text)
      return whole && isEnd(whole) ? paused : await reading
    } finally {
      clearTimeout(timer)
    }
  }
  for (;;) {
    let read: Awaited<ReturnType<typeof next>>
    try {
      read = await next()
    } catch (err) {
      if (err instanceof ResponseTooLarge) return { text: text + decoder.decode(), cut: err }
      throw err
    }
    if (read === PAUSED) {
      void reader.cancel().catch(() => {})
      return { text: text + decoder.decode() }
    }
    if (read.done) return { text: text + decoder.decode() }
    bytes += read.value.byteLength
    if (bytes > maxBytes) {
      await reader.cancel()
      throw new ResponseTooLarge(maxBytes)
    }
    text += decoder.decode(read.value, { stream: true })
  }
}

/**
 * The start of the first string value of `field` in JSON cut off at the wire limit (a whole answer
 * asked for without streaming, larger than the node takes): the text that came, up to the cut or
 * the string's end. Undefined when no such string began.
 */
export function cutJsonString(json: string, field: string): string | undefined {
  const found = new RegExp(`"${field}"\\s*:\\s*"`).exec(json)
  return found ? jsonStringAt(json, found.index + found[0].length).text : undefined
}

/**
 * The JSON string that starts at `start` (just after its opening quote) in JSON that may be cut off
 * anywhere: its text up to its end or the cut (undefined when it is not a JSON string), and `end`,
 * the index of its closing quote (the JSON's length when it was cut).
 */
export function jsonStringAt(json: string, start: number): { text: string | undefined; end: number } {
  // The string ends at the first quote after an even number of backslashes.
  let end = start
  for (;;) {
    const quote = json.indexOf('"', end)
    if (quote === -1) {
      end = json.length
      break
    }
    let slashes = 0
    while (json.charCodeAt(quote - 1 - slashes) === 92) slashes++
    end = quote
    if (slashes % 2 === 0) break
    end = quote + 1
  }
  let raw = json.slice(start, end)
  // Cut before its end: an escape cut in half (`\`, `\u12`) is dropped.
  const tail = end === json.length ? /\\+(u[0-9a-fA-F]{0,3})?$/.exec(raw) : null
  if (tail) {
    const slashes = tail[0].length - (tail[1]?.length ?? 0)
    if (slashes % 2 === 1) raw = raw.slice(0, tail.index + slashes - 1)
  }
  let text: string
  try {
    text = JSON.parse(`"${raw}"`) as string
  } catch {
    return { text: undefined, end } // not a JSON string (a raw control character)
  }
  // A character whose second half was cut off is not kept.
  return { text: /[\ud800-\udbff]$/.test(text) ? text.slice(0, -1) : text, end }
}

/** The longest start of `text` that takes at most `maxBytes` of UTF-8, never splitting a character. */
export function utf8Prefix(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text
  let bytes = 0
  let i = 0
  while (i < text.length) {
    const cp = text.codePointAt(i)!
    const size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4
    if (bytes + size > maxBytes) break
    bytes += size
    i += cp > 0xffff ? 2 : 1
  }
  return text.slice(0, i)
}

/** The checks one pass over a reply's bytes makes (see guardedFetch). */
export interface WireGuard {
  /** Every body stops at this many bytes: past it, it errors with ResponseTooLarge and `onExceeded` runs. */
  readonly maxBytes: number
  readonly onExceeded?: () => void
  /** A streamed reply (an event stream; for Ollama its NDJSON) is also read for these. */
  readonly stream?: {
    readonly protocol: ProviderProtocol
    /** One event (or NDJSON line) may take this many bytes: past it, the body errors with `tooLarge()`. */
    readonly maxEventBytes: number
    readonly tooLarge: () => Error
    /** The body closed cleanly before its protocol's end of an answer (see endWatch). */
    readonly endedEarly: (err: Error) => void
  }
}

/**
 * fetch whose response bodies pass through one TransformStream that makes every check of `guard`
 * on each chunk: the size limit of the whole body, and for a streamed reply the size limit of one
 * event and the watch for its protocol's end. One stream and one Response for all of them: each
 * stage of its own cost a pipe, a Response and their promises per chunk, a good part of a short
 * answer's call.
 */
export function guardedFetch(base: typeof fetch, guard: WireGuard): typeof fetch {
  return async (input, init) => {
    const res = await sniffEventStream(utf8Body(await base(input, init)))
    if (!res.body) return res
    const protocol = res.ok ? guard.stream?.protocol : undefined
    const type = res.headers.get('content-type') ?? ''
    const eventStream = /text\/event-stream/i.test(type)
    // Ollama's lines are capped in any reply; its end is watched for unless the reply is one JSON value.
    // A streamed reply that is not an event stream (JSON, or anything else) has its lines capped as
    // Ollama's are: the SDK's event parser held one that never ended up to the wire limit (257 MiB).
    const events = protocol ? eventSizes(protocol === 'ollama' || !eventStream ? 'ndjson' : 'sse') : undefined
    const watched = protocol === 'ollama' ? !(/json/i.test(type) && !/ndjson/i.test(type)) : eventStream
    const end = protocol && watched ? endWatch(protocol) : undefined
    const { maxBytes, onExceeded, stream } = guard
    let seen = 0
    const guarded = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength
          if (seen > maxBytes) {
            onExceeded?.()
            return controller.error(new ResponseTooLarge(maxBytes))
          }
          const eventBytes = events?.(chunk)
          if (eventBytes !== undefined && eventBytes > stream!.maxEventBytes) return controller.error(stream!.tooLarge())
          controller.enqueue(chunk)
          end?.see(chunk)
          // The answer's last event has come whole: a server that holds the connection open after it
          // must not keep the SDK (which reads on to the close) waiting until the idle time-out fails
          // a whole answer. OpenAI's end is its `[DONE]`, or its usage or a short wait after the finish_reason (openai-compat-fetch).
          if (protocol !== 'openai' && eventBytes === 0 && end?.ended()) controller.terminate()
        },
        flush() {
          if (end && !end.close()) stream!.endedEarly(new StreamEndedEarlyError())
        }
      })
    )
    return new Response(guarded, { status: res.status, statusText: res.statusText, headers: res.headers })
  }
}

/**
 * The bytes of the event (or NDJSON line) under way after each chunk: the parsers after this hold
 * an event's pieces until it ends, so one that never ends would hold everything the wire limit
 * lets through. Server-sent events end at a blank line, NDJSON at each line end.
 */
function eventSizes(framing: 'sse' | 'ndjson'): (chunk: Uint8Array) => number {
  /** Bytes of the current event; for SSE also of the current line, to see the blank line that ends the event. */
  let eventBytes = 0
  let lineBytes = 0
  let afterCR = false
  return (chunk) => {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!
      if (b === 10 && afterCR) {
        afterCR = false // the LF of a CRLF: the line already ended at its CR
        continue
      }
      afterCR = b === 13
      if (b === 10 || b === 13) {
        if (framing === 'ndjson' || lineBytes === 0) eventBytes = 0
        lineBytes = 0
      } else {
        lineBytes++
        eventBytes++
      }
    }
    return eventBytes
  }
}
