/**
 * How the start of a body labelled JSON tells an event stream: a field name and its colon, or a
 * comment (OpenRouter starts with `: OPENROUTER PROCESSING`). No JSON text starts so.
 * Undefined while what came may still be the start of a field name.
 */
function startsEventStream(start: string): boolean | undefined {
  const t = start.trimStart()
  if (/^(data|event|id|retry)?:/.test(t)) return true
  // Space before it is read on for a while, not without end (a server sending only spaces).
  if (t.length < 6 && /^[a-z]*$/.test(t) && start.length < 4096) return undefined
  return false
}

/**
 * Reads the start of `res`'s body until `decide` can tell from it (undefined: read on), then hands
 * the response on with every byte read still in its body, and what was decided (undefined when the
 * body ended first).
 */
async function readStart<T>(res: Response & { body: ReadableStream<Uint8Array> }, decide: (start: string) => T | undefined) {
  const reader: ReadableStreamDefaultReader<Uint8Array> = res.body.getReader()
  const decoder = new TextDecoder()
  const head: Uint8Array[] = []
  let start = ''
  let decided: T | undefined
  let ended = false
  while (decided === undefined) {
    const { value, done } = await reader.read()
    if (done) {
      ended = true
      break
    }
    head.push(value)
    start += decoder.decode(value, { stream: true })
    decided = decide(start)
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk)
      if (ended) controller.close()
    },
    async pull(controller) {
      const { value, done } = await reader.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel: (reason) => reader.cancel(reason)
  })
  return { decided, body }
}

/**
 * The response, relabelled `text/event-stream` when its body is an event stream under another label
 * (some proxies relabel every reply as JSON; some servers send text/plain or none): read as JSON, a
 * stream was refused as a reply that "is not JSON", and the checks made on streams (the protocol's
 * end, an event's size) missed it. Only the first bytes are read before the response is handed on,
 * none of them lost.
 */
export async function sniffEventStream(res: Response): Promise<Response> {
  const type = res.headers.get('content-type') ?? ''
  if (!res.ok || !res.body || /text\/event-stream|ndjson/i.test(type)) return res
  const { decided: isStream, body } = await readStart(res as Response & { body: ReadableStream<Uint8Array> }, startsEventStream)
  const headers = new Headers(res.headers)
  if (isStream) headers.set('content-type', 'text/event-stream')
  return new Response(body, { status: res.status, statusText: res.statusText, headers })
}

/**
 * The response, relabelled `application/json` when its body, labelled an event stream, is one JSON
 * value (its first character `{` or `[`, which starts no event's line): a proxy or server that labels
 * every reply to a request for a stream as one, and sends the whole reply. Read as events it held none.
 */
export async function unlabelWholeJson(res: Response): Promise<Response> {
  if (!res.ok || !res.body || !/text\/event-stream/i.test(res.headers.get('content-type') ?? '')) return res
  const { decided: first, body } = await readStart(res as Response & { body: ReadableStream<Uint8Array> }, (start) => {
    const t = start.trimStart()
    // Space before it is read on for a while, not without end (a server sending only spaces).
    return t ? t[0] : start.length < 4096 ? undefined : ' '
  })
  const headers = new Headers(res.headers)
  if (first === '{' || first === '[') headers.set('content-type', 'application/json')
  return new Response(body, { status: res.status, statusText: res.statusText, headers })
}

/**
 * An event-stream line's field and value (the SSE rules: the name before the first colon, the value after
 * it less one leading space; a line without a colon is a field with an empty value). Not for comments
 * (a line starting with a colon), which the readers handle first.
 */
export function sseField(line: string): readonly [field: string, value: string] {
  const colon = line.indexOf(':')
  if (colon === -1) return [line, '']
  const value = line.slice(colon + 1)
  return [line.slice(0, colon), value.startsWith(' ') ? value.slice(1) : value]
}
