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
