import { serverErrorOf, ServerReportedError, UnreadableReplyError } from './openai-reply'
import { notJson } from './reply-start'
import { cutJsonString, readUpToCap, WHOLE_JSON_GRACE_MS } from './response-cap'
import { StreamEndedEarlyError } from './stream-end'

/** A JSON reply larger than this is not a chat answer (answers are cut at 1 MiB anyway). */
const MAX_JSON_BYTES = 16 * 1024 * 1024

/** `text` as a JSON object (not an array), or undefined when it is none. */
function jsonObject(text: string): Record<string, unknown> | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}

/** Whether `text` is JSON at all (of any shape). */
function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** The server's own words when one NDJSON line or JSON body is `{"error": ...}` rather than a chat chunk. */
function reportedError(text: string): string | undefined {
  const value = jsonObject(text)
  if (value === undefined || 'message' in value) return undefined
  return serverErrorOf(value)
}

const said = (v: unknown) => (typeof v === 'string' && v.length > 0) || (Array.isArray(v) && v.length > 0)

/**
 * A chat chunk or reply with the fields the SDK's schema requires that Ollama always sends but a
 * server speaking its protocol may leave out (a proxy, a small server written for tests): `model`,
 * `created_at`, `done`, and the message's `role` and `content`; a last line of only `{"done": true}`
 * gets an empty message. Such a reply was "not a chat answer". Other values are left as they are.
 */
function completed(value: Record<string, unknown>): Record<string, unknown> {
  const message = value.message
  const m = typeof message === 'object' && message !== null ? (message as Record<string, unknown>) : undefined
  if (message !== undefined && m === undefined) return value // not a chat chunk: left to the SDK
  if (typeof value.model === 'string' && typeof value.created_at === 'string' && typeof value.done === 'boolean')
    if (m && typeof m.role === 'string' && typeof m.content === 'string') return value
  return {
    ...value,
    model: typeof value.model === 'string' ? value.model : '',
    created_at: typeof value.created_at === 'string' ? value.created_at : new Date().toISOString(),
    done: typeof value.done === 'boolean' ? value.done : false,
    message: { ...m, role: typeof m?.role === 'string' ? m.role : 'assistant', content: typeof m?.content === 'string' ? m.content : '' }
  }
}

/**
 * A line as the SDK is given it, or undefined for a line it would get nothing from: not JSON (it
 * warns on the process's output for each one), or a chunk with no text, thinking or tool call that
 * does not end the reply. The SDK's reader takes lines as fast as they come whether or not they are
 * read on, so a flood of them was all kept, and each unreadable one was a warning: such lines are
 * dropped here. A chat line missing fields Ollama always sends gets them (see completed).
 */
function chatLine(line: string): string | undefined {
  const text = line.trim()
  if (!text) return undefined
  const value = jsonObject(text)
  if (value === undefined) return undefined
  const { done, message } = value
  if (typeof message !== 'object' || message === null) {
    if (done !== true) return line // not a chat chunk: left to the SDK
  } else if (done !== true) {
    const m = message as Record<string, unknown>
    if (!said(m.content) && !said(m.thinking) && !said(m.tool_calls)) return undefined
  }
  const whole = completed(value)
  return whole === value ? line : JSON.stringify(whole) + '\n'
}

/**
 * Ollama's NDJSON stream, passed through line by line, ending with ServerReportedError at a line
 * that reports an error (the model runner crashed mid-answer): the SDK drops lines it cannot
 * read, which would store the half-written answer as if it were whole. With `onFault`, the error
 * is handed to it and the stream ends cleanly after the lines before it, so their text still
 * reaches the reader (a stream that errors drops the chunks queued on their way to it).
 */
function errorLinesThrown(onFault?: (err: Error) => void): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder()
  const encoder = new TextEncoder()
  let pending = ''
  /** Passes the lines of `text` on (the silent ones dropped) up to a line that reports an error; false once one did. */
  const pass = (text: string, controller: TransformStreamDefaultController<Uint8Array>): boolean => {
    let start = 0
    let kept = ''
    for (let end = text.indexOf('\n'); start < text.length; end = text.indexOf('\n', start)) {
      const stop = end === -1 ? text.length : end + 1
      const line = text.slice(start, stop)
      const said = line.includes('"error"') ? reportedError(line.trim()) : undefined
      if (said !== undefined) {
        if (kept) controller.enqueue(encoder.encode(kept))
        if (!onFault) throw new ServerReportedError(said)
        onFault(new ServerReportedError(said))
        controller.terminate()
        return false
      }
      kept += chatLine(line) ?? ''
      start = stop
      if (endsReply(line)) {
        // The answer is whole: a server (or proxy) that holds the connection open after its last
        // line must not keep the reader waiting until the idle time-out fails an answer that came whole.
        controller.enqueue(encoder.encode(kept))
        controller.terminate()
        return false
      }
    }
    if (kept) controller.enqueue(encoder.encode(kept))
    return true
  }
  let ended = false
  return new TransformStream({
    transform(bytes, controller) {
      if (ended) return
      // Only the new piece is searched: a long line is not scanned again with every piece of it.
      const piece = decoder.decode(bytes, { stream: true })
      const end = piece.lastIndexOf('\n')
      if (end === -1) {
        pending += piece
        return
      }
      const lines = pending + piece.slice(0, end + 1)
      pending = piece.slice(end + 1)
      ended = !pass(lines, controller)
    },
    flush(controller) {
      if (ended) return
      pending += decoder.decode()
      pass(pending, controller)
    }
  })
}

/** The line that ends Ollama's reply: `"done": true`. */
function endsReply(line: string): boolean {
  if (!/"done"\s*:\s*true/.test(line)) return false
  try {
    const value: unknown = JSON.parse(line)
    return typeof value === 'object' && value !== null && (value as { done?: unknown }).done === true
  } catch {
    return false
  }
}

/**
 * A reply streamed although `"stream": false` asked for it whole (a proxy before Ollama that always
 * streams): its NDJSON lines as the one reply Ollama would have sent, or undefined when `text` is not
 * such lines. The SDK reads only the first of them, so it failed as a reply that is not a chat
 * answer. An error line throws ServerReportedError; lines without the last (`"done": true`) are an
 * answer that broke off.
 */
function streamedAnyway(text: string): string | undefined {
  const lines = text.split('\n').filter((l) => l.trim())
  if (lines.length < 2) return undefined
  let content = ''
  let thinking = ''
  let last: Record<string, unknown> | undefined
  for (const line of lines) {
    const value = jsonObject(line)
    if (value === undefined) return undefined
    const said = reportedError(line)
    if (said !== undefined) throw new ServerReportedError(said)
    last = value
    const m = last.message as { content?: unknown; thinking?: unknown } | undefined
    if (typeof m?.content === 'string') content += m.content
    if (typeof m?.thinking === 'string') thinking += m.thinking
  }
  if (last?.done !== true) throw new StreamEndedEarlyError()
  return JSON.stringify(completed({ ...last, message: { role: 'assistant', content, ...(thinking ? { thinking } : {}) } }))
}

/** A whole reply with the fields Ollama always sends filled in (see completed), or undefined when it needs none or is not one. */
function completedReply(text: string): string | undefined {
  const value = jsonObject(text)
  if (value === undefined) return undefined
  const { done, message } = value
  if (done !== true && (typeof message !== 'object' || message === null)) return undefined // not a chat reply: left to the SDK
  const whole = completed(value)
  return whole === value ? undefined : JSON.stringify(whole)
}

/** Ollama streams unless the request says `"stream": false`. */
function streamed(body: unknown): boolean {
  if (typeof body !== 'string') return true
  try {
    return (JSON.parse(body) as { stream?: unknown }).stream !== false
  } catch {
    return true
  }
}

/**
 * fetch for Ollama's native chat API: an error Ollama reports inside a 200 reply (a streamed
 * `{"error"}` line, or a whole body of one) is thrown as ServerReportedError with its own words.
 * Other requests and error statuses pass through untouched.
 */
export function ollamaCompatFetch(base: typeof fetch, onFault?: (err: Error) => void): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init)
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (!res.ok || !res.body || !/\/api\/chat(\?|$)/.test(url)) return res
    if (streamed(init?.body)) {
      return new Response(res.body.pipeThrough(errorLinesThrown(onFault)), {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers
      })
    }
    // A reply streamed anyway (see streamedAnyway) pauses after its first line while a slow model
    // thinks; that line is a whole object too, but one saying `"done": false`.
    const { text, cut } = await readUpToCap(res, Infinity, WHOLE_JSON_GRACE_MS, (whole) => whole.done !== false)
    if (cut) {
      // A whole answer cut off at the wire limit: the text that came (the caller, whose limit it is, stores it as cut).
      const content = cutJsonString(text, 'content')
      if (content === undefined) throw cut
      const whole = { model: '', created_at: '', message: { role: 'assistant', content }, done: true, done_reason: 'length' }
      return new Response(JSON.stringify(whole), { status: res.status, statusText: res.statusText, headers: res.headers })
    }
    if (text.length <= MAX_JSON_BYTES) {
      const said = reportedError(text)
      if (said !== undefined) throw new ServerReportedError(said)
      const joined = streamedAnyway(text) ?? completedReply(text)
      if (joined !== undefined) {
        const headers = new Headers(res.headers)
        headers.set('content-type', 'application/json; charset=utf-8')
        return new Response(joined, { status: res.status, statusText: res.statusText, headers })
      }
      // A web server's page (or nothing) in the place of the whole reply: said as the other readers say
      // it, with what came, where the SDK's failed parse left only 'not a chat answer'.
      if (!isJson(text)) throw new UnreadableReplyError(notJson(res.headers.get('content-type'), text))
    }
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers })
  }
}
