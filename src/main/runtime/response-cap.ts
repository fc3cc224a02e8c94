/** A provider's response body grew past the bytes the node accepts for it. */
export class ResponseTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the provider's response exceeded ${maxBytes} bytes`)
  }
}

/**
 * fetch whose response bodies stop at `maxBytes`: past it the body errors with ResponseTooLarge
 * (which cancels the download) and `onExceeded` runs. Keeps a provider that sends without end
 * from filling the node's memory, whatever the SDK on top buffers.
 */
export function cappedFetch(base: typeof fetch, maxBytes: number, onExceeded?: () => void): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init)
    if (!res.body) return res
    let seen = 0
    const capped = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength
          if (seen <= maxBytes) return controller.enqueue(chunk)
          onExceeded?.()
          controller.error(new ResponseTooLarge(maxBytes))
        }
      })
    )
    return new Response(capped, { status: res.status, statusText: res.statusText, headers: res.headers })
  }
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

/** How a streamed reply is cut into events: server-sent events end at a blank line, NDJSON at each line end. */
export type StreamFraming = 'sse' | 'ndjson'

/**
 * fetch whose streamed bodies error with `tooLarge()` once one event (or NDJSON line) outgrows
 * `maxBytes`. The parsers above hold an event's pieces until it ends, so one that never ends
 * would hold everything the wire limit lets through. A body that is not an event stream (a whole
 * JSON reply) passes untouched for SSE framing.
 */
export function eventCappedFetch(base: typeof fetch, framing: StreamFraming, maxBytes: number, tooLarge: () => Error): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init)
    if (!res.body || !res.ok) return res
    if (framing === 'sse' && !/text\/event-stream/i.test(res.headers.get('content-type') ?? '')) return res
    /** Bytes of the current event; for SSE also of the current line, to see the blank line that ends the event. */
    let eventBytes = 0
    let lineBytes = 0
    let afterCR = false
    const capped = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
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
          if (eventBytes > maxBytes) return controller.error(tooLarge())
          controller.enqueue(chunk)
        }
      })
    )
    return new Response(capped, { status: res.status, statusText: res.statusText, headers: res.headers })
  }
}
