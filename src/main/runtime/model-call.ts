import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FinishReason,
  LanguageModelV4StreamPart,
  SharedV4ProviderMetadata
} from '@ai-sdk/provider'
import {
  answerTimeLimitFailure,
  describeFailure,
  noProgressFailure,
  ProviderFailure,
  answerSecrets,
  redactAnswerSecrets,
  timeoutFailure,
  unstreamedTimeoutFailure,
  type FailureContext
} from './provider-errors'
import { serverErrorCodeOf, serverErrorOf, ServerReportedError } from './openai-reply'
import { inlineThinking } from './inline-thinking'
import { secretsRedactor } from './key-redactor'
import { utf8Prefix } from './response-cap'

export interface CallTimeouts {
  /**
   * Until the first text arrives (includes connecting and a cold model load); every chunk the
   * server streams before it (a reasoning model's thoughts) starts this wait again.
   */
  readonly firstChunkMs: number
  /** Between two chunks once text flows. */
  readonly idleMs: number
  /**
   * For a whole answer asked for without streaming, which arrives only once all of it is written
   * (absent: firstChunkMs, as for a provider check's one-word reply).
   */
  readonly unstreamedMs?: number
  /**
   * A streamed answer ends when no text and no thinking has come for this long, however many
   * keep-alives (pings, empty chunks, comments) the server sends meanwhile (absent: NO_PROGRESS_MS).
   */
  readonly noProgressMs?: number
  /** A streamed answer ends when it has taken this long in all, its text kept (absent: MAX_STREAM_MS). */
  readonly totalMs?: number
}

/**
 * Keep-alives prove the connection alive, not the answer: a server (or a proxy before it) that sends
 * only pings, empty chunks or comments would hold one of its server's few call slots (4 by default)
 * until the operator pressed Stop, and the questions behind it would wait. Five minutes is far
 * beyond a queue or a cold model load behind a proxy; a reasoning model's thoughts are progress,
 * so a model thinking for longer is not ended.
 */
export const NO_PROGRESS_MS = 5 * 60_000

/**
 * The longest one streamed answer may take: a server dripping a word a minute never trips the
 * other limits, and holds a call slot for as long as it likes. Two hours is long enough for a slow
 * machine writing a long answer (at two words a second, some 14,000 words, past most models' output
 * limits).
 */
export const MAX_STREAM_MS = 2 * 60 * 60_000

export const DEFAULT_TIMEOUTS: CallTimeouts = {
  firstChunkMs: 120_000,
  idleMs: 60_000,
  unstreamedMs: 600_000,
  noProgressMs: NO_PROGRESS_MS,
  totalMs: MAX_STREAM_MS
}

export interface CallOptions {
  readonly model: LanguageModelV4
  readonly options: Omit<LanguageModelV4CallOptions, 'abortSignal'>
  readonly stream: boolean
  readonly failure: FailureContext
  readonly timeouts: CallTimeouts
  /** Aborted by the operator (stop_llm) or by shutdown. */
  readonly signal?: AbortSignal
  readonly onDelta?: (text: string) => void
  /** The answer stops growing here (bytes of UTF-8): the call is aborted and what fits is kept. */
  readonly maxTextBytes?: number
  /** Beats for events the server streams before the SDK shows anything (see callPulse). */
  readonly pulse?: CallPulse
}

/** A beat for every event a server streams, heard below the SDK, and an error it reported inside the stream. */
export interface CallPulse {
  /** `progress`: the event carried text or thinking (not a keep-alive); `thought`: words of thinking. */
  readonly beat: (progress?: boolean, thought?: boolean) => void
  listen(listener: (progress: boolean, thought: boolean) => void): void
  readonly fail: (err: Error) => void
  /** The error the server reported inside its stream, once the stream has ended. */
  fault(): Error | undefined
  /** The streamed reply closed before its protocol's end of an answer (see endWatchedFetch). */
  readonly endedEarly: (err: Error) => void
  /** Why the stream is not a whole answer, once it has ended (a server's own error comes first). */
  early(): Error | undefined
  /** The reply asked to call this tool (heard below the SDK, which never shows it). */
  readonly toolCall: (name: string) => void
  /** The first tool the reply asked to call, if any. */
  toolCalled(): string | undefined
}

/**
 * The OpenAI chat SDK shows nothing of a stream until its first text (it holds the events back to
 * look for an error, and drops thoughts sent as `reasoning_content`): a reasoning model thinking
 * for minutes looks silent to callModel unless the stream's reader beats this pulse.
 */
export function callPulse(): CallPulse {
  let listener: (progress: boolean, thought: boolean) => void = () => {}
  let fault: Error | undefined
  let early: Error | undefined
  let tool: string | undefined
  return {
    beat: (progress = false, thought = false) => listener(progress, thought),
    listen: (l) => void (listener = l),
    fail: (err) => void (fault ??= err),
    fault: () => fault,
    endedEarly: (err) => void (early ??= err),
    early: () => early,
    toolCall: (name) => void (tool ??= name),
    toolCalled: () => tool
  }
}

export type CallResult =
  /**
   * endedBy: the provider's content filter or the model's output limit ended the reply (after `text`,
   * which may be empty). thoughtOnly: the text is empty because all the model wrote was its thinking.
   * toolCall: the text is empty and the model asked to call this tool instead (the node offers none).
   */
  | { readonly outcome: 'done'; readonly text: string; readonly endedBy?: EndedBy; readonly thoughtOnly?: true; readonly toolCall?: string }
  /** Cut at maxTextBytes; the provider call was aborted. */
  | { readonly outcome: 'truncated'; readonly text: string }
  | { readonly outcome: 'aborted'; readonly text: string; readonly reason: unknown }

const CUT = Symbol('answer reached its size limit')

/** Endings of a reply the operator must be told of: the text stops short of a whole answer. */
export type EndedBy = 'content-filter' | 'length'

const endedBy = (reason: LanguageModelV4FinishReason['unified']): { endedBy?: EndedBy } =>
  reason === 'content-filter' || reason === 'length' ? { endedBy: reason } : {}

/** An answer with no text of its own, from a model that wrote words of thinking: the operator is told it only thought. */
const thoughtOnly = (text: string, thought: boolean): { thoughtOnly?: true } => (thought && !text.trim() ? { thoughtOnly: true } : {})

/** An answer with no text of its own, from a model that asked to call a tool instead: the operator is told so. */
const toolOnly = (text: string, tool: string | undefined): { toolCall?: string } =>
  tool !== undefined && !text.trim() ? { toolCall: tool } : {}

/** Claude's thinking that its safety systems encrypted: no words to read, but the model thought. */
const redacted = (part: { providerMetadata?: SharedV4ProviderMetadata }) => part.providerMetadata?.anthropic?.redactedData !== undefined

/**
 * An error part of the stream as an Error: SDKs hand on what the server sent, e.g. Anthropic's
 * `{"type": "overloaded_error", "message": "Overloaded"}` event, which is the server's own report.
 */
function streamError(error: unknown): unknown {
  if (error instanceof Error) return error
  if (typeof error === 'string' && error.trim()) return new ServerReportedError(error.trim())
  if (typeof error === 'object' && error !== null) {
    const said = serverErrorOf({ error })
    if (said !== undefined) return new ServerReportedError(said, serverErrorCodeOf({ error }))
  }
  return error
}

/**
 * One chat call: streams text to onDelta, enforces the first-chunk and idle time-outs, and turns
 * every provider problem into a ProviderFailure. An abort from `signal` is not a failure: it
 * returns what was written so far. The call's key (`failure.apiKey`) is taken out of the text
 * before anything measures, keeps or hands it on: a server that echoes it back gets it nowhere.
 */
export async function callModel(opts: CallOptions): Promise<CallResult> {
  const controller = new AbortController()
  /** The wait that ran out: for a first or next chunk (`wait`), for progress, or for the whole answer. */
  let expired: { readonly why: 'wait' | 'progress' | 'total'; readonly ms: number } | undefined
  const expire = (why: 'wait' | 'progress' | 'total', ms: number) => {
    expired ??= { why, ms }
    controller.abort(new Error('time-out'))
  }
  let timer: NodeJS.Timeout | undefined
  let stuck: NodeJS.Timeout | undefined
  let total: NodeJS.Timeout | undefined
  const arm = (ms: number) => {
    clearTimeout(timer)
    timer = setTimeout(() => expire('wait', ms), ms)
  }
  const noProgressMs = opts.timeouts.noProgressMs ?? NO_PROGRESS_MS
  let progressAt = 0
  // One timer that looks at the time of the last progress when it fires, not a new one per delta.
  const watchProgress = (ms: number) => {
    stuck = setTimeout(() => {
      const left = progressAt + noProgressMs - performance.now()
      if (left > 0) watchProgress(left)
      else expire('progress', noProgressMs)
    }, ms)
  }
  /** Text or thinking came: the answer moves on. */
  const progressed = () => void (progressAt = performance.now())
  const onOuterAbort = () => controller.abort(opts.signal!.reason)
  if (opts.signal?.aborted) return { outcome: 'aborted', text: '', reason: opts.signal.reason }
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true })
  let text = ''
  let textBytes = 0
  /** Takes the key (and the URL query's values) out of the streamed text; holds back a tail that may be the start of one. */
  const redact = secretsRedactor(answerSecrets(opts.failure))
  /** The server has streamed something (text, or thoughts that never reach the answer). */
  let heard = false
  /**
   * The model wrote words of thinking (an answer left empty then holds only thinking). Blank text, a
   * tool call or empty <think> tags are not: that answer is empty, not all thinking.
   */
  let thought = false
  const maxBytes = opts.maxTextBytes ?? Infinity
  let reader: ReadableStreamDefaultReader<LanguageModelV4StreamPart> | undefined
  /** Answer text: what callModel keeps, measures and hands on. */
  const answerText = (piece: string): CallResult | undefined => {
    if (!piece) return undefined
    const size = Buffer.byteLength(piece)
    if (textBytes + size > maxBytes) {
      const fits = utf8Prefix(piece, maxBytes - textBytes)
      text += fits
      if (fits) opts.onDelta?.(fits)
      controller.abort(CUT)
      void reader?.cancel(CUT).catch(() => {})
      return { outcome: 'truncated', text }
    }
    text += piece
    textBytes += size
    opts.onDelta?.(piece)
    return undefined
  }
  // Before the answer's text, every event the server streams starts the first-chunk wait again.
  const alive = () => {
    heard = true
    arm(text === '' ? opts.timeouts.firstChunkMs : opts.timeouts.idleMs)
  }
  opts.pulse?.listen((progress, thinking) => {
    alive()
    thought ||= thinking
    if (progress) progressed()
  })
  try {
    if (!opts.stream) {
      arm(opts.timeouts.unstreamedMs ?? opts.timeouts.firstChunkMs)
      const result = await opts.model.doGenerate({ ...opts.options, abortSignal: controller.signal })
      const whole = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('')
      const thinking = inlineThinking(Infinity)
      text = redactAnswerSecrets(thinking.push(whole) + thinking.end(), opts.failure)
      thought ||= thinking.thought() || result.content.some((c) => c.type === 'reasoning' && (/\S/.test(c.text) || redacted(c)))
      const truncated = Buffer.byteLength(text) > maxBytes
      if (truncated) text = utf8Prefix(text, maxBytes)
      if (text) opts.onDelta?.(text)
      if (truncated) return { outcome: 'truncated', text }
      const called = result.content.find((c) => c.type === 'tool-call')?.toolName ?? opts.pulse?.toolCalled()
      return { outcome: 'done', text, ...endedBy(result.finishReason.unified), ...thoughtOnly(text, thought), ...toolOnly(text, called) }
    }
    arm(opts.timeouts.firstChunkMs)
    progressed()
    watchProgress(noProgressMs)
    const totalMs = opts.timeouts.totalMs ?? MAX_STREAM_MS
    total = setTimeout(() => expire('total', totalMs), totalMs)
    // Raw chunks show every event the server sends, so thinking it streams (which the SDKs drop or
    // report apart from the text) proves the call alive.
    const { stream } = await opts.model.doStream({ ...opts.options, includeRawChunks: true, abortSignal: controller.signal })
    reader = stream.getReader()
    const thinking = inlineThinking(maxBytes === Infinity ? 16 * 1024 * 1024 : maxBytes)
    /** The rest of the answer, once the reply has ended: unclosed thinking, and the tail the redactor held back. */
    const rest = () => redact.push(thinking.end()) + redact.end()
    let ended: LanguageModelV4FinishReason['unified'] = 'stop'
    /** The first tool the model asked to call (Claude's tool_use, Gemini's functionCall, as the SDK shows them). */
    let called: string | undefined
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      if (value.type === 'raw') alive()
      else if (value.type === 'reasoning-start') thought ||= redacted(value)
      else if (value.type === 'reasoning-delta' && value.delta) {
        thought ||= /\S/.test(value.delta)
        progressed()
      } else if (value.type === 'text-delta' && value.delta) {
        heard = true
        progressed()
        arm(text === '' ? opts.timeouts.firstChunkMs : opts.timeouts.idleMs)
        const cut = answerText(redact.push(thinking.push(value.delta)))
        if (cut) return cut
        if (text !== '') arm(opts.timeouts.idleMs)
      } else if (value.type === 'error') {
        answerText(rest())
        throw streamError(value.error)
      } else if (value.type === 'finish') {
        ended = value.finishReason.unified
      } else if (value.type === 'tool-input-start' || value.type === 'tool-call') {
        called ??= value.toolName
      }
    }
    // The stream ended cleanly after the text the server sent before reporting its error, or
    // before the end its protocol marks: either way the text is not the whole answer.
    const fault = opts.pulse?.fault() ?? opts.pulse?.early()
    if (fault) {
      answerText(rest())
      throw fault
    }
    if (controller.signal.aborted) throw controller.signal.reason
    const cut = answerText(rest())
    if (cut) return cut
    return {
      outcome: 'done',
      text,
      ...endedBy(ended),
      ...thoughtOnly(text, thought || thinking.thought()),
      ...toolOnly(text, called ?? opts.pulse?.toolCalled())
    }
  } catch (err) {
    // However the reply ended (a stop, a time-out, a broken connection), the tail the redactor held
    // back is part of the text kept: it holds no whole key.
    answerText(redact.end())
    if (opts.signal?.aborted) return { outcome: 'aborted', text, reason: opts.signal.reason }
    const seconds = expired && Math.round(expired.ms / 1000)
    const failure =
      expired?.why === 'progress'
        ? noProgressFailure(opts.failure, expired.ms, text !== '')
        : expired?.why === 'total'
          ? answerTimeLimitFailure(opts.failure, expired.ms)
          : expired && !opts.stream && opts.timeouts.unstreamedMs !== undefined
            ? unstreamedTimeoutFailure(opts.failure, seconds!)
            : expired
              ? timeoutFailure(opts.failure, seconds!, heard)
              : describeFailure(err, opts.failure, heard)
    // The text already streamed (and shown) goes with the failure, so the answer keeps it.
    throw text ? new ProviderFailure(failure.kind, failure.message, failure.status, text) : failure
  } finally {
    clearTimeout(timer)
    clearTimeout(stuck)
    clearTimeout(total)
    opts.pulse?.listen(() => {})
    opts.signal?.removeEventListener('abort', onOuterAbort)
  }
}
