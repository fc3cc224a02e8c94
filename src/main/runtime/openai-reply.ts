/*
 * What OpenAI-compatible servers really send, reshaped into what the AI SDK's OpenAI chat parser
 * accepts. Servers (llama.cpp, LM Studio, vLLM, Ollama's /v1, LiteLLM, proxies, mock servers)
 * leave out `index`, `id`, `created`, `usage` or `finish_reason`, send `null` content, add fields of
 * their own, or put an error object in a 200 reply. The node uses only the text, so anything it
 * does not read (tool calls, logprobs, annotations) is dropped rather than allowed to fail a reply.
 */

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The server said, inside a successful (200) reply, that the request failed. */
export class ServerReportedError extends Error {
  override readonly name = 'ServerReportedError'
  constructor(
    message: string,
    /** The error object's `code` or `type` when it has one (`invalid_api_key`, `rate_limit_error`): what kind of failure it was. */
    readonly code?: string
  ) {
    super(message)
  }
}

/** The `code` (else `type`) of an error object in a reply, `{"error": {"code": "invalid_api_key", ...}}`. */
export function serverErrorCodeOf(value: unknown): string | undefined {
  const e = isObject(value) ? value.error : undefined
  if (!isObject(e)) return undefined
  const code = [e.code, e.type].find((c) => typeof c === 'string' && c.trim())
  return typeof code === 'string' ? code.trim() : undefined
}

/** The server answered 200 with something that is not a chat completion. */
export class UnreadableReplyError extends Error {
  override readonly name = 'UnreadableReplyError'
}

/**
 * The server answered with a status outside 200-599, the range a fetch Response may be built with
 * (Node's fetch hands on any three digits, 600-999 included): every reader that rebuilds the reply
 * threw a RangeError, whose words ("init["status"] must be in the range of 200 to 599") reached the note.
 */
export class InvalidStatusError extends Error {
  override readonly name = 'InvalidStatusError'
  constructor(readonly status: number) {
    super(`the server sent HTTP status ${status}, which is not a valid one`)
  }
}

/**
 * The server's own error message when `value` is an error rather than a completion:
 * `{"error": {...}}` / `{"error": "text"}` (OpenAI, llama.cpp, Ollama, LiteLLM), `{"object": "error",
 * "message"}` (vLLM), `{"detail"}` (FastAPI-based servers). `error: null` beside choices is not one.
 */
export function serverErrorOf(value: unknown): string | undefined {
  if (!isObject(value)) return undefined
  const e = value.error
  if (typeof e === 'string' && e.trim()) return e.trim()
  if (isObject(e)) {
    const text = [e.message, e.msg, e.detail, e.error].find((t) => typeof t === 'string' && t.trim())
    return typeof text === 'string' ? text.trim() : JSON.stringify(e)
  }
  if (Array.isArray(value.choices)) return undefined
  if (value.object === 'error' && typeof value.message === 'string') return value.message
  if (typeof value.detail === 'string' && value.detail.trim()) return value.detail.trim()
  return undefined
}

/** Text content as a string: plain, null, or an array of `{type: "text", text}` parts. */
function contentText(content: unknown): string | null | undefined {
  if (typeof content === 'string') return content
  if (content === null) return null
  if (Array.isArray(content)) {
    return content.map((p) => (typeof p === 'string' ? p : isObject(p) && typeof p.text === 'string' ? p.text : '')).join('')
  }
  return undefined
}

function message(m: unknown, fallbackText: unknown): Json {
  const src = isObject(m) ? m : {}
  const out: Json = {}
  if (src.role === 'assistant') out.role = 'assistant'
  const text = contentText(src.content) ?? (typeof fallbackText === 'string' ? fallbackText : null)
  out.content = text
  if (typeof src.refusal === 'string') out.refusal = src.refusal
  return out
}

function choice(c: Json, position: number, field: 'message' | 'delta'): Json {
  const other = field === 'message' ? 'delta' : 'message'
  return {
    // Several servers leave it out; with one choice per request its position is its index.
    index: typeof c.index === 'number' ? c.index : position,
    [field]: message(c[field] ?? c[other], c.text),
    finish_reason: typeof c.finish_reason === 'string' && c.finish_reason ? c.finish_reason : null
  }
}

const USAGE_FIELDS = ['prompt_tokens', 'completion_tokens', 'total_tokens'] as const

function usage(u: unknown): Json | null {
  if (!isObject(u)) return null
  const out: Json = {}
  for (const f of USAGE_FIELDS) if (typeof u[f] === 'number' && Number.isFinite(u[f])) out[f] = u[f]
  return out
}

function envelope(value: Json, field: 'message' | 'delta'): Json {
  const out: Json = {}
  if (typeof value.id === 'string') out.id = value.id
  else if (typeof value.id === 'number') out.id = String(value.id)
  if (typeof value.created === 'number' && Number.isFinite(value.created)) out.created = value.created
  if (typeof value.model === 'string') out.model = value.model
  const choices = Array.isArray(value.choices) ? value.choices : []
  out.choices = choices.filter(isObject).map((c, i) => choice(c, i, field))
  out.usage = usage(value.usage)
  return out
}

/**
 * A non-streaming reply as the SDK's parser wants it. Throws ServerReportedError for an error
 * object, UnreadableReplyError for a body that is not a chat completion (no `choices`, or none an
 * object). `"choices": []` is a completion with nothing in it: an empty answer, as a stream whose
 * chunks hold no text is (the SDK's parser wants a first choice, so it gets an empty one).
 */
export function normaliseCompletion(value: unknown): Json {
  const error = serverErrorOf(value)
  if (error !== undefined) throw new ServerReportedError(error, serverErrorCodeOf(value))
  if (isObject(value) && Array.isArray(value.choices) && value.choices.length === 0) {
    return { ...envelope(value, 'message'), choices: [{ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'stop' }] }
  }
  if (!isObject(value) || !Array.isArray(value.choices) || !value.choices.some(isObject)) {
    throw new UnreadableReplyError('it holds no "choices"')
  }
  return envelope(value, 'message')
}

/** One streamed chunk as the SDK's parser wants it. Throws ServerReportedError for an error event. */
export function normaliseChunk(value: unknown): Json | undefined {
  const error = serverErrorOf(value)
  if (error !== undefined) throw new ServerReportedError(error, serverErrorCodeOf(value))
  if (!isObject(value)) return undefined
  return envelope(value, 'delta')
}

/** A whole completion as one streamed chunk (for servers that ignore `stream: true`). */
export function completionAsChunk(completion: Json): Json {
  const choices = (completion.choices as Json[]).map((c) => {
    const { message: m, ...rest } = c
    return { ...rest, delta: m }
  })
  return { ...completion, choices }
}

/** Streamed chunks gathered into one completion (for servers that stream when not asked to). */
export function chunksAsCompletion(chunks: readonly Json[]): Json {
  let text = ''
  let finish: unknown = null
  let last: Json = {}
  let sawChoice = false
  for (const chunk of chunks) {
    last = chunk
    for (const c of chunk.choices as Json[]) {
      sawChoice = true
      const d = c.delta as Json
      if (typeof d.content === 'string') text += d.content
      if (c.finish_reason) finish = c.finish_reason
    }
  }
  if (!sawChoice) throw new UnreadableReplyError('its events hold no "choices"')
  const usageChunk = [...chunks].reverse().find((c) => c.usage)
  return {
    ...(last.id !== undefined ? { id: last.id } : {}),
    ...(last.model !== undefined ? { model: last.model } : {}),
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finish }],
    usage: usageChunk?.usage ?? null
  }
}
