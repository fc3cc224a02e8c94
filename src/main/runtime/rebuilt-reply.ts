/** One server-sent event: `data` is sent as it is when a string (`[DONE]`), as JSON otherwise. */
export interface ServerEvent {
  readonly event?: string
  readonly data: unknown
}

/** The body of an event stream holding `events`, in order. */
export function eventStreamText(events: readonly ServerEvent[]): string {
  return events
    .map(({ event, data }) => `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`)
    .join('')
}

/** `res` with its body rewritten as `body` (of `contentType`, or of its own type when absent). */
export function rebuilt(res: Response, body: ConstructorParameters<typeof Response>[0], contentType?: string): Response {
  const headers = new Headers(res.headers)
  // The body is decoded and rewritten: its old length and encoding no longer apply.
  headers.delete('content-length')
  headers.delete('content-encoding')
  if (contentType) headers.set('content-type', contentType)
  return new Response(body, { status: res.status, statusText: res.statusText, headers })
}

/**
 * A whole reply sent to a request that asked for a stream (a server or proxy that ignores
 * `stream: true`), as the event stream that would have brought it: the SDKs read a stream's body
 * as events only, and found none in it.
 */
export function wholeAsStream(res: Response, events: readonly ServerEvent[]): Response {
  return rebuilt(res, eventStreamText(events), 'text/event-stream')
}
