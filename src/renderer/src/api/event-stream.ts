/** One event of a `text/event-stream` body, its data still text. */
export interface StreamEvent {
  readonly type: string
  readonly data: string
}

/**
 * Reads a `text/event-stream` body as the HTML standard defines it, whatever the chunking: lines end
 * with CRLF, LF or CR; lines starting with `:` are comments (the node's heartbeats); `data` lines of
 * one event join with "\n"; a blank line ends an event; an event without `event:` is a "message".
 * Resolves when the body ends (an unfinished last event is dropped, as the standard says).
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (event: StreamEvent) => void): Promise<void> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let type = ''
  let data: string[] = []

  const takeLine = (line: string) => {
    if (line === '') {
      if (data.length) onEvent({ type: type || 'message', data: data.join('\n') })
      type = ''
      data = []
      return
    }
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'event') type = value
    else if (field === 'data') data.push(value)
  }

  // A CR that ended the last chunk may be the first half of a CRLF split across chunks.
  let skipLeadingLf = false
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    buffer += decoder.decode(value, { stream: true })
    if (skipLeadingLf && buffer !== '') {
      if (buffer.startsWith('\n')) buffer = buffer.slice(1)
      skipLeadingLf = false
    }
    for (;;) {
      const end = buffer.search(/[\r\n]/)
      if (end < 0) break
      takeLine(buffer.slice(0, end))
      if (buffer[end] === '\r' && end === buffer.length - 1) skipLeadingLf = true
      buffer = buffer.slice(buffer[end] === '\r' && buffer[end + 1] === '\n' ? end + 2 : end + 1)
    }
  }
}
