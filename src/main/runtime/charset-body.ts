const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)"?/i

/**
 * The response with its body re-encoded as UTF-8 when its Content-Type names another charset (a
 * server or proxy writing `iso-8859-1` or `windows-1252`): every reader after this (the SDKs, the
 * stream parsers, Response.text()) decodes bytes as UTF-8 whatever the label, so each accented
 * letter of an answer or of a server's error became "�". A label no decoder knows is read as UTF-8.
 */
export function utf8Body(res: Response): Response {
  const type = res.headers.get('content-type') ?? ''
  const charset = CHARSET.exec(type)?.[1]
  if (!res.body || !charset) return res
  // The label is resolved by a TextDecoder (0.3 µs): a TextDecoderStream is a stream pair (10 µs),
  // and most servers that name a charset name UTF-8 (OpenAI's `text/event-stream; charset=utf-8`).
  let encoding: string
  try {
    encoding = new TextDecoder(charset).encoding
  } catch {
    return res
  }
  if (encoding === 'utf-8') return res
  const decoder = new TextDecoderStream(encoding)
  const headers = new Headers(res.headers)
  headers.set('content-type', type.replace(CHARSET, '; charset=utf-8'))
  headers.delete('content-length')
  const body = res.body.pipeThrough(decoder).pipeThrough(new TextEncoderStream())
  return new Response(body, { status: res.status, statusText: res.statusText, headers })
}
