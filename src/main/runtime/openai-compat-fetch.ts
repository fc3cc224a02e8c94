import { sizeText } from '../../shared/byte-size'
import {
  chunksAsCompletion,
  completionAsChunk,
  normaliseChunk,
  normaliseCompletion,
  serverErrorOf,
  ServerReportedError,
  UnreadableReplyError
} from './openai-reply'
import { rebuilt, wholeAsStream } from './rebuilt-reply'
import { cutJsonString, readUpToCap, ResponseTooLarge, WHOLE_JSON_GRACE_MS } from './response-cap'
import { sseField } from './event-stream-sniff'
import { notJson } from './reply-start'

/** A JSON reply larger than this is not a chat answer (answers are cut at 1 MiB anyway). */
const MAX_JSON_BYTES = 16 * 1024 * 1024
/** A whole JSON reply under an event stream's label larger than this (in characters) is not a chat answer. */
const MAX_JSON_CHARS = MAX_JSON_BYTES
/** One server-sent event larger than this is not a chunk of an answer. */
const MAX_EVENT_CHARS = 4 * 1024 * 1024
/**
 * How long a stream whose choice has finished may wait for its usage chunk (or `[DONE]`) before it
 * is taken as ended: servers that send one send it at once after the finish_reason.
 */
export const AFTER_FINISH_GRACE_MS = 1000
/**
 * How long the body may stay open after the answer's end before the stream is ended without it.
 * A server closes its reply at once after `[DONE]`, and the stream then ends by itself; ending it
 * sooner (TransformStream's terminate) makes Node build an error with a stack trace the reader
 * never sees, a measurable part of a short answer's call.
 */
const AFTER_END_CLOSE_MS = 50

const encoder = new TextEncoder()
const sseData = (data: string) => encoder.encode(`data: ${data}\n\n`)

/**
 * Server-sent events, re-framed and normalised chunk by chunk as they arrive (nothing is held
 * back beyond the current event): CRLF, CR or LF line ends, comments, `event:` names, a
 * missing final blank line or `[DONE]`. Each JSON chunk goes through normaliseChunk; an error
 * event ends the stream with ServerReportedError carrying the server's message. With `onFault`,
 * that error is handed to it and the stream ends cleanly instead: the text sent before the error
 * still reaches the reader (a stream that errors drops the chunks queued on their way to it).
 */
export function normalisedEventStream(
  onEvent?: (progress: boolean, thought: boolean) => void,
  onFault?: (err: Error) => void,
  dropSilent = false,
  onToolCall?: (name: string) => void
): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder()
  let pending = ''
  /** Until the first byte that is not white space: whether the body is events or one JSON reply. */
  let sniffing = true
  /** The body so far, when it is one JSON reply under the event stream's label (see wholeReply). */
  let whole: string | undefined
  let data: string[] = []
  let eventName = ''
  let done = false
  let grace: NodeJS.Timeout | undefined
  let closing: NodeJS.Timeout | undefined

  const terminate = (controller: TransformStreamDefaultController<Uint8Array>) => {
    try {
      controller.terminate()
    } catch {
      // The reader had already gone (the call was stopped).
    }
  }

  /**
   * The answer is whole: a server (or proxy) that holds the connection open after its end must not
   * keep the reader waiting until the idle time-out fails an answer that came whole. `now`: the body
   * has already been held open (a finish_reason with nothing after it for the grace).
   */
  const end = (controller: TransformStreamDefaultController<Uint8Array>, now = false) => {
    clearTimeout(grace)
    if (done) return
    done = true
    try {
      controller.enqueue(sseData('[DONE]'))
    } catch {
      return // the reader had already gone
    }
    if (now) terminate(controller)
    else closing = setTimeout(() => terminate(controller), AFTER_END_CLOSE_MS)
  }

  const dispatch = (controller: TransformStreamDefaultController<Uint8Array>) => {
    const text = data.join('\n')
    const name = eventName
    data = []
    eventName = ''
    if (done || text === '') return
    if (text.trim() === '[DONE]') return end(controller)
    try {
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        // Keep-alives and notes some servers interleave; an `event: error` says what went wrong.
        if (name === 'error') throw new ServerReportedError(text.trim())
        return
      }
      if (name === 'error' && typeof value === 'object' && value !== null && !('choices' in value)) {
        // OpenAI's `{"error": {...}}` (vLLM, LiteLLM, OpenRouter) or llama.cpp's bare `{"message"}`.
        const m = (value as { message?: unknown }).message
        throw new ServerReportedError(serverErrorOf(value) ?? (typeof m === 'string' ? m : text.trim()))
      }
      onEvent?.(bringsWords(value), thinks(value, 'delta'))
      toolsCalled(value, 'delta', onToolCall)
      const chunk = normaliseChunk(value)
      if (chunk && !(dropSilent && carriesNothing(chunk))) controller.enqueue(sseData(JSON.stringify(chunk)))
      // Several compatible servers end with the finish_reason and no `[DONE]`; some send the usage
      // in a chunk after it. Once the choice has finished, the usage ends the answer, or a short wait.
      if (chunk && (grace || finishes(chunk))) {
        if (chunk.usage != null) end(controller)
        else grace ??= setTimeout(() => end(controller, true), AFTER_FINISH_GRACE_MS)
      }
    } catch (err) {
      if (!onFault || !(err instanceof ServerReportedError)) throw err
      done = true
      onFault(err)
      controller.terminate()
    }
  }

  const line = (l: string, controller: TransformStreamDefaultController<Uint8Array>) => {
    if (l === '') return dispatch(controller)
    // A comment is a keep-alive (OpenRouter's `: OPENROUTER PROCESSING` while a request waits): a sign
    // of life, as an empty chunk is, so the waits for words start again (the no-progress limit still holds).
    if (l.startsWith(':')) return onEvent?.(false, false)
    const [field, value] = sseField(l)
    if (field === 'data') data.push(value)
    else if (field === 'event') eventName = value
    else if (field === 'error') {
      // llama.cpp's server reports a failure in a field of its own, `error: {...}`.
      data.push(value)
      eventName = 'error'
    }
  }

  const lines = (controller: TransformStreamDefaultController<Uint8Array>, final: boolean) => {
    let start = 0
    for (let i = 0; i < pending.length; i++) {
      const c = pending.charCodeAt(i)
      if (c !== 10 && c !== 13) continue
      // A CR at the end of what has arrived may be the first half of a CRLF.
      if (c === 13 && i === pending.length - 1 && !final) break
      line(pending.slice(start, i), controller)
      if (c === 13 && pending.charCodeAt(i + 1) === 10) i++
      start = i + 1
    }
    pending = pending.slice(start)
    if (pending.length + data.reduce((n, d) => n + d.length, 0) > MAX_EVENT_CHARS) {
      throw new UnreadableReplyError(`it sent an event larger than ${sizeText(MAX_EVENT_CHARS)}`)
    }
  }

  /**
   * A body labelled an event stream that is one JSON value (its first character `{`, which starts no
   * event's line): a whole completion, or an error object, sent by a server or proxy that labels every
   * reply to `stream: true` as a stream. Read as events it held none, and the answer, or the server's
   * reason for failing, was reported as a connection closed early. It is passed on as one chunk.
   */
  const wholeReply = (controller: TransformStreamDefaultController<Uint8Array>) => {
    const text = whole ?? ''
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      throw new UnreadableReplyError(`it is neither events nor JSON, starting "${text.trim().slice(0, 60)}"`)
    }
    try {
      const completion = normaliseCompletion(value)
      if (thinks(value, 'message')) onEvent?.(true, true)
      toolsCalled(value, 'message', onToolCall)
      controller.enqueue(sseData(JSON.stringify(completionAsChunk(completion))))
      controller.enqueue(sseData('[DONE]'))
    } catch (err) {
      if (!onFault || !(err instanceof ServerReportedError)) throw err
      onFault(err)
    }
    done = true
  }

  return new TransformStream({
    transform(bytes, controller) {
      const text = decoder.decode(bytes, { stream: true })
      if (sniffing) {
        const start = (pending + text).trimStart()
        if (start === '') {
          pending += text
          return
        }
        sniffing = false
        if (start.startsWith('{')) whole = ''
      }
      if (whole !== undefined) {
        whole += pending + text
        pending = ''
        if (whole.length > MAX_JSON_CHARS) throw new UnreadableReplyError(`it is larger than ${sizeText(MAX_JSON_CHARS)}`)
        return
      }
      pending += text
      lines(controller, false)
    },
    flush(controller) {
      if (whole !== undefined) {
        whole += pending + decoder.decode()
        return wholeReply(controller)
      }
      pending += decoder.decode()
      lines(controller, true)
      if (pending) line(pending, controller)
      pending = ''
      dispatch(controller)
      clearTimeout(grace)
      clearTimeout(closing)
    }
  })
}

/** A normalised chunk whose choice has finished. */
const finishes = (chunk: Record<string, unknown>) => (chunk.choices as { finish_reason: unknown }[]).some((c) => c.finish_reason !== null)

const said = (v: unknown) => (typeof v === 'string' && v.length > 0) || (Array.isArray(v) && v.length > 0)

/**
 * A chunk with nothing the SDK uses: no text, refusal, tool call or annotation, no finish reason,
 * no usage (an empty delta, a role, `reasoning_content`, which the SDK ignores). The SDK holds back
 * every chunk before the first with text, looking for an error: such chunks, streamed for as long as
 * a server likes, would all be kept.
 */
function carriesNothing(chunk: Record<string, unknown>): boolean {
  if (chunk.usage != null || !Array.isArray(chunk.choices)) return false
  return chunk.choices.every((c: unknown) => {
    if (typeof c !== 'object' || c === null) return false
    const { finish_reason: finish, delta } = c as { finish_reason?: unknown; delta?: unknown }
    if (finish != null) return false
    if (typeof delta !== 'object' || delta === null) return true
    const d = delta as Record<string, unknown>
    return !said(d.content) && !said(d.refusal) && !said(d.tool_calls) && !said(d.annotations)
  })
}

/**
 * A chunk, as the server sent it, that carries text or thinking (`reasoning_content` or `reasoning`,
 * which the SDK drops): the answer moves on. Empty deltas and roles alone are keep-alives.
 */
function bringsWords(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const choices = (value as { choices?: unknown }).choices
  if (!Array.isArray(choices)) return false
  return choices.some((c: unknown) => {
    const d = typeof c === 'object' && c !== null ? (c as { delta?: unknown }).delta : undefined
    if (typeof d !== 'object' || d === null) return false
    const delta = d as Record<string, unknown>
    return said(delta.content) || said(delta.reasoning_content) || said(delta.reasoning) || said(delta.refusal) || said(delta.tool_calls)
  })
}

/**
 * A reply (`message`) or a chunk of one (`delta`) that carries words of thinking (`reasoning_content`
 * or `reasoning`). Only these tell an answer left empty as all thinking: text, a tool call or blank
 * lines are not thinking.
 */
function thinks(value: unknown, part: 'message' | 'delta'): boolean {
  const choices = typeof value === 'object' && value !== null ? (value as { choices?: unknown }).choices : undefined
  if (!Array.isArray(choices)) return false
  const words = (v: unknown) => typeof v === 'string' && /\S/.test(v)
  return choices.some((c: unknown) => {
    const m = typeof c === 'object' && c !== null ? (c as Record<string, unknown>)[part] : undefined
    if (typeof m !== 'object' || m === null) return false
    const message = m as Record<string, unknown>
    return words(message.reasoning_content) || words(message.reasoning)
  })
}

/**
 * Hands `onToolCall` the name of each tool a reply (`message`) or a chunk of one (`delta`) asks to
 * call (`tool_calls`, or the older `function_call`): the SDK never sees them (normalisation drops
 * them, the node offers no tools), and an answer that is only a call would read as an empty one.
 */
function toolsCalled(value: unknown, part: 'message' | 'delta', onToolCall: ((name: string) => void) | undefined): void {
  if (!onToolCall) return
  const choices = typeof value === 'object' && value !== null ? (value as { choices?: unknown }).choices : undefined
  if (!Array.isArray(choices)) return
  const nameOf = (call: unknown) => {
    const fn = typeof call === 'object' && call !== null ? (call as { function?: unknown; name?: unknown }) : undefined
    const named = typeof fn?.function === 'object' && fn.function !== null ? (fn.function as { name?: unknown }).name : fn?.name
    if (typeof named === 'string' && named.trim()) onToolCall(named)
  }
  for (const c of choices) {
    const m = typeof c === 'object' && c !== null ? (c as Record<string, unknown>)[part] : undefined
    if (typeof m !== 'object' || m === null) continue
    const { tool_calls: calls, function_call: legacy } = m as { tool_calls?: unknown; function_call?: unknown }
    if (Array.isArray(calls)) calls.forEach(nameOf)
    if (legacy !== undefined) nameOf({ function: legacy })
  }
}

/** The body as text, or what came of it before the wire limit cut it (`cut`). */
async function readCapped(res: Response): Promise<{ text: string; cut?: ResponseTooLarge }> {
  try {
    return await readUpToCap(res, MAX_JSON_BYTES, WHOLE_JSON_GRACE_MS)
  } catch (err) {
    if (err instanceof ResponseTooLarge && err.maxBytes === MAX_JSON_BYTES)
      throw new UnreadableReplyError(`it is larger than ${sizeText(MAX_JSON_BYTES)}`)
    throw err
  }
}

/**
 * A whole answer cut off at the wire limit, as a completion of the text that came (the caller, whose
 * limit it is, stores it as cut). A reply with no text before the cut is not one: `cut` is thrown.
 */
function cutCompletion(json: string, cut: ResponseTooLarge): Record<string, unknown> {
  const content = cutJsonString(json, 'content')
  if (content === undefined) throw cut
  return { choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'length' }], usage: null }
}

function parseJsonReply(text: string, contentType: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new UnreadableReplyError(notJson(contentType, text))
  }
}

/** Every server-sent event of a whole body, normalised (for a reply streamed when not asked to be). */
async function collectEvents(body: ReadableStream<Uint8Array>, onToolCall?: (name: string) => void): Promise<Record<string, unknown>[]> {
  const chunks: Record<string, unknown>[] = []
  const text = await new Response(body.pipeThrough(normalisedEventStream(undefined, undefined, false, onToolCall))).text()
  for (const block of text.split('\n\n')) {
    const data = block.startsWith('data: ') ? block.slice(6) : ''
    if (data && data !== '[DONE]') chunks.push(JSON.parse(data) as Record<string, unknown>)
  }
  return chunks
}

function requestedStream(body: unknown): boolean {
  if (typeof body !== 'string') return false
  try {
    return (JSON.parse(body) as { stream?: unknown }).stream === true
  } catch {
    return false
  }
}

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
}

/**
 * fetch for the OpenAI chat protocol that hands the AI SDK a reply it can parse, whatever the
 * compatible server sent: successful chat-completion replies are normalised (JSON bodies whole,
 * event streams chunk by chunk as they arrive), and an error the server put inside a 200 reply
 * is thrown as ServerReportedError with the server's own message and no invented status.
 * Other requests and error statuses pass through untouched.
 */
export function openAICompatFetch(
  base: typeof fetch,
  onEvent?: (progress: boolean, thought: boolean) => void,
  onFault?: (err: Error) => void,
  /** Whether the call asks for a stream, where the caller knows (absent: read from the request's body, a whole prompt's JSON). */
  streams?: boolean,
  /** The name of each tool the reply asks to call (see toolsCalled). */
  onToolCall?: (name: string) => void
): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init)
    if (!res.ok || !res.body || !/\/chat\/completions(\?|$)/.test(urlOf(input))) return res
    const wantsStream = streams ?? requestedStream(init?.body)
    const contentType = res.headers.get('content-type') ?? ''
    // A stream under another label was relabelled below (sniffEventStream): any other body, plain
    // text included, is read as the JSON reply it should be, and refused in words saying what came.
    const isEventStream = /text\/event-stream/i.test(contentType)

    if (isEventStream) {
      if (wantsStream) {
        return rebuilt(res, res.body.pipeThrough(normalisedEventStream(onEvent, onFault, true, onToolCall)), 'text/event-stream')
      }
      const completion = chunksAsCompletion(await collectEvents(res.body, onToolCall))
      return rebuilt(res, JSON.stringify(completion), 'application/json')
    }
    const { text, cut } = await readCapped(res)
    const value = cut ? undefined : parseJsonReply(text, contentType)
    const completion = cut ? cutCompletion(text, cut) : normaliseCompletion(value)
    // The model's thinking, which the SDK drops, is words it wrote: an answer left empty holds only thinking.
    if (thinks(value, 'message')) onEvent?.(true, true)
    toolsCalled(value, 'message', onToolCall)
    if (!wantsStream) return rebuilt(res, JSON.stringify(completion), 'application/json')
    // A server that ignores `stream: true` and answers whole: one chunk, then the end.
    return wholeAsStream(res, [{ data: completionAsChunk(completion) }, { data: '[DONE]' }])
  }
}
