import { APICallError, JSONParseError, TypeValidationError } from '@ai-sdk/provider'
import type { ProviderKind } from '../../shared/contract/identity'
import { PROVIDER_CATALOG, resolveBaseUrl } from '../../shared/provider-catalog'
import { debugEvent } from '../platform/debug-log'
import { decodedName, isSecretParam } from '../../shared/url-secrets'
import { htmlTitle } from './html-title'
import { InvalidStatusError, ServerReportedError, UnreadableReplyError } from './openai-reply'
import { ResponseTooLarge } from './response-cap'
import { StreamEndedEarlyError } from './stream-end'
import { sizeText } from '../../shared/byte-size'

/** What went wrong when calling a provider, in words the operator can act on. */
export type ProviderFailureKind =
  'no_key' | 'auth' | 'rate_limit' | 'model_not_found' | 'bad_request' | 'provider_error' | 'unreachable' | 'timeout'

/**
 * A provider problem as the operator reads it: one or two sentences that name the server they
 * chose, say what happened and what to do. `status` is the HTTP status the server sent, never
 * one inferred from an error's wording.
 */
export class ProviderFailure extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    message: string,
    readonly status?: number,
    /** The answer's text that had streamed before the failure ('' when none had). */
    readonly received = ''
  ) {
    super(message)
  }
}

export interface FailureContext {
  readonly kind: ProviderKind
  /** The model called; empty when listing models. */
  readonly model: string
  readonly baseUrl: string
  readonly apiKey?: string
  /** The query string sent on every call (resolveUrlQuery): its values may be secrets too. */
  readonly query?: string
  /** What was asked of the server: a chat answer unless said otherwise (the messages name the endpoint). */
  readonly purpose?: 'chat' | 'embeddings'
}

/** Longest excerpt of a server's own words quoted in a message. */
const REASON_CHARS = 300

/**
 * The shortest key taken out of texts whatever it looks like. A shorter one made of letters alone
 * (and - _ .) is a placeholder, not a secret: local servers take any key, and their users set a word
 * by convention ("ollama", "EMPTY" for vLLM, "none", "test", "lm-studio"), which servers and answers
 * use as words ("model 'ollama/llama3' not found"). Hosted providers issue keys of 32 characters
 * and more; 12 covers a short key someone chose for their own server (vLLM's "token-abc123").
 */
export const SECRET_KEY_CHARS = 12
/**
 * A shorter key with a digit or another sign in it is no word and is taken out too, from this
 * length (LiteLLM's documented master key "sk-1234" is 7): a proxy may echo it in its errors.
 */
export const SHORT_SECRET_KEY_CHARS = 6
const WORD_LIKE = /^[A-Za-z._-]*$/
/**
 * The prefixes hosted providers put on their keys (OpenAI, Anthropic, OpenRouter and DeepSeek `sk-`,
 * Groq `gsk_`, xAI `xai-`, Gemini `AIza`). A short key in that form ("sk-test", "sk-secret") is no
 * placeholder word: it is written as a key, and servers echo it as one ("Incorrect API key provided:
 * sk-secret"), so it is taken out too.
 */
const KEY_PREFIX = /^(?:sk[-_]|gsk_|xai-|AIza)/

/** Whether texts are cleaned of this key (see SECRET_KEY_CHARS, SHORT_SECRET_KEY_CHARS and KEY_PREFIX). */
export const redactable = (apiKey: string | undefined): apiKey is string =>
  apiKey !== undefined &&
  (apiKey.length >= SECRET_KEY_CHARS || (apiKey.length >= SHORT_SECRET_KEY_CHARS && (!WORD_LIKE.test(apiKey) || KEY_PREFIX.test(apiKey))))

/** Removes the key from any text that may reach a message, a response or a log (keyRedactor: from a text that streams). */
export function redactKey(text: string, apiKey: string | undefined): string {
  if (!redactable(apiKey)) return text
  return redactKeyStart(redactWholeKeys(text, apiKey), apiKey)
}

/** Every whole key in `text` replaced, left to right, none overlapping. */
export const redactWholeKeys = (text: string, apiKey: string) => text.split(apiKey).join('[redacted]')

/**
 * A text ending with a good part of the key's start (an echo of it cut off: by a broken stream, a
 * Stop, the model's length limit) ends with [redacted] instead: much of a key is a secret too. A
 * shorter start is left: it is as likely the text's own, or a public prefix ("sk-proj-", "sk-ant-api03-").
 */
export const partialKeyChars = (apiKey: string) => Math.max(8, Math.ceil(apiKey.length / 3))

export function redactKeyStart(text: string, apiKey: string): string {
  const tail = keyStartAtEnd(text, apiKey, 0)
  return tail >= partialKeyChars(apiKey) ? `${text.slice(0, text.length - tail)}[redacted]` : text
}

/** The length of the longest tail of `text`, starting at `from` or after, that the key starts with (shorter than the key). */
export function keyStartAtEnd(text: string, key: string, from: number): number {
  const first = key.charCodeAt(0)
  for (let i = Math.max(from, text.length - key.length + 1); i < text.length; i++) {
    if (text.charCodeAt(i) === first && key.startsWith(text.slice(i))) return text.length - i
  }
  return 0
}

/**
 * Every good part of the key's start (see partialKeyChars) replaced, wherever it is: an excerpt of a
 * server's reply, cut before it reaches a message (the first words of a reply that is not JSON), may
 * cut an echoed key and go on with more words, where redactKeyStart does not look.
 */
export function redactCutKeys(text: string, apiKey: string): string {
  const start = apiKey.slice(0, partialKeyChars(apiKey))
  let out = ''
  let from = 0
  for (let at = text.indexOf(start); at !== -1; at = text.indexOf(start, from)) {
    let end = at + start.length
    while (end < text.length && end - at < apiKey.length && text[end] === apiKey[end - at]) end++
    out += `${text.slice(from, at)}[redacted]`
    from = end
  }
  return out + text.slice(from)
}

/**
 * What a message must not quote: the key, and the values of the URL's query, which some proxies
 * take a key in (`?key=`) and Azure a signature (`sig=`). Servers echo the address they could not
 * serve in their errors, query and all, as written or decoded. Longest first: a secret that holds
 * another is taken out whole.
 */
function secretsOf(ctx: Pick<FailureContext, 'apiKey' | 'query'>): string[] {
  return [ctx.apiKey ?? '', ...keyEncodings(ctx.apiKey), ...queryValues(ctx).map((v) => v.value)]
    .filter(redactable)
    .sort((a, b) => b.length - a.length)
}

/**
 * The key as a server echoing its Authorization header may write it: in base64 (and base64url), as a
 * Basic credential carries it, without the padding (a text may cut it there). Quoted in a 401's
 * message, it went into the stored note, the log and the check's answer.
 *
 * And a key with other characters than letters and digits (a base64 key's + / =) as URLs and JSON
 * writers escape it: percent-encoded (`%2F`, or `%2f`), and in a JSON string (`\"`, `\\`, PHP's `\/`,
 * and `\u002B` for the + < > & ' and backquote that .NET's writer escapes; Go's `\u003c` for < > &).
 * Only the key's start, up to its first such character, was taken out of such an echo: the rest of
 * the key was quoted.
 */
function keyEncodings(apiKey: string | undefined): string[] {
  if (!redactable(apiKey)) return []
  const base64 = Buffer.from(apiKey).toString('base64').replace(/=+$/, '')
  const percent = encodeURIComponent(apiKey)
  const json = JSON.stringify(apiKey).slice(1, -1)
  const unicodeEscaped = json.replace(/[+<>&'`]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`)
  const lowerHex = (text: string) => text.replace(/(%|\\u00)([0-9A-F]{2})/g, (_m, lead: string, hex: string) => lead + hex.toLowerCase())
  const forms = [
    base64,
    Buffer.from(apiKey).toString('base64url'),
    percent,
    lowerHex(percent),
    json,
    json.replaceAll('/', '\\/'),
    unicodeEscaped,
    lowerHex(unicodeEscaped)
  ]
  return [...new Set(forms)].filter((form) => form !== apiKey)
}

/**
 * The secrets the debug log takes out (see redactEachSecret): the key however short, and the
 * query's values that messages take out or whose name says they are a credential (`?key=abc`), not
 * a short value of any other name (`?v=1` would take every 1 out). Longest first.
 */
function everySecretOf(ctx: FailureContext): string[] {
  const named = queryValues(ctx)
    .filter((v) => redactable(v.value) || isSecretParam(v.name))
    .map((v) => v.value)
  return [...new Set([ctx.apiKey ?? '', ...keyEncodings(ctx.apiKey), ...named])]
    .filter((secret) => secret !== '')
    .sort((a, b) => b.length - a.length)
}

/** Each value of the query sent on every call, as written and decoded (servers echo either). */
function queryValues(ctx: Pick<FailureContext, 'query'>): { name: string; value: string }[] {
  const values: { name: string; value: string }[] = []
  for (const pair of (ctx.query ?? '').replace(/^\?/, '').split('&')) {
    const name = pair.slice(0, Math.max(0, pair.indexOf('=')))
    const value = pair.slice(pair.indexOf('=') + 1)
    values.push({ name, value })
    try {
      values.push({ name, value: decodeURIComponent(value) }, { name, value: decodeURIComponent(value.replace(/\+/g, ' ')) })
    } catch {
      // Not percent-encoded as URLs are: only sent, and so echoed, as written.
    }
  }
  return values
}

/** Every secret of `ctx` removed from the whole text (and a cut-off start of one at its end). */
const redactSecrets = (text: string, ctx: FailureContext) => secretsOf(ctx).reduce(redactKey, text)

/**
 * The secrets a server's own text must not carry on into an answer (stored, streamed, exported) or a
 * model's name: the key, as written and in the forms a server echoing it writes it (keyEncodings:
 * percent-encoded, JSON-escaped, base64), and the values of the query's parameters named as credentials (`?key=`,
 * `?sig=`: those the window is never shown, see url-secrets), as written and decoded, which a server
 * echoing the address it was sent repeats as it does the key. Not every value messages take out: an
 * answer may well speak of `2024-10-21` (`?api-version=`). Longest first.
 */
export function answerSecrets(ctx: Pick<FailureContext, 'apiKey' | 'query'>): string[] {
  const named = queryValues(ctx)
    .filter((v) => isSecretParam(decodedName(v.name)))
    .map((v) => v.value)
  return [...new Set([ctx.apiKey ?? '', ...keyEncodings(ctx.apiKey), ...named])].filter(redactable).sort((a, b) => b.length - a.length)
}

/** answerSecrets removed from a whole text (as secretsRedactor does from one that streams). */
export const redactAnswerSecrets = (text: string, ctx: Pick<FailureContext, 'apiKey' | 'query'>) =>
  answerSecrets(ctx).reduce(redactKey, text)

/** A terminal's escape sequences (colours, cursor moves), which a server's text may carry. */
// eslint-disable-next-line no-control-regex -- the escape character is what is matched
const TERMINAL_ESCAPES = /\x1b(?:\[[0-9;?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])/g
/**
 * Characters no sentence needs that a quoted text must not carry into a note or the log: C0 and C1
 * controls (a NUL, a bare ESC) and the marks that reorder text (a right-to-left override made the
 * rest of a log line read backwards).
 */
// eslint-disable-next-line no-control-regex -- control characters are what is matched
const UNPRINTABLE = /[\x00-\x08\x0e-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/**
 * The secrets are removed from the whole text first, then the text is cut: a cut never splits one.
 * Every secret whole before any cut start of one: the key's encodings share its start, and a start
 * taken out first left the rest of an encoded key in the text.
 */
function quoteServer(text: string, ctx: FailureContext): string {
  const secrets = secretsOf(ctx)
  const clean = secrets
    .reduce(
      (out, secret) => redactCutKeys(out, secret),
      secrets.reduce((out, secret) => redactKey(out, secret), text)
    )
    .replace(TERMINAL_ESCAPES, '')
    .replace(UNPRINTABLE, '')
    .replace(/\s+/g, ' ')
    .trim()
  const chars = [...clean]
  return chars.length > REASON_CHARS ? `${chars.slice(0, REASON_CHARS).join('')}…` : clean
}

export const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * The server as the operator chose it: "OpenAI" only for OpenAI's own API, "the OpenAI-compatible
 * server at <url>" for any other URL of that kind, and the URL whenever it is not the kind's default.
 */
export function providerSubject(kind: ProviderKind, baseUrl: string): string {
  const info = PROVIDER_CATALOG[kind]
  if (!baseUrl) return `the ${info.label} provider` // failed before its address was known
  const isDefault = baseUrl === resolveBaseUrl(kind, null)
  if (info.protocol === 'ollama') return `the Ollama server at ${baseUrl}`
  if (kind === 'OpenAI' && !isDefault) return `the OpenAI-compatible server at ${baseUrl}`
  return isDefault ? info.label : `${info.label} at ${baseUrl}`
}

/** Words in a field of an error body: a non-empty string, or a list of them (NestJS's validation messages). */
function words(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() || undefined
  if (!Array.isArray(v)) return undefined
  const list = v.filter((w): w is string => typeof w === 'string' && w.trim() !== '')
  return list.length ? list.join('; ') : undefined
}

/** FastAPI's `detail` list: each problem's words, with where it is ("body.top_k"). */
function fastApiDetail(v: unknown): string | undefined {
  if (!Array.isArray(v)) return undefined
  const said = v.flatMap((d: unknown) => {
    const { msg, loc } = (typeof d === 'object' && d !== null ? d : {}) as { msg?: unknown; loc?: unknown }
    if (typeof msg !== 'string' || !msg.trim()) return []
    const where = Array.isArray(loc) ? loc.filter((p) => typeof p === 'string' || typeof p === 'number').join('.') : ''
    return [where ? `${msg.trim()} (${where})` : msg.trim()]
  })
  return said.length ? said.join('; ') : undefined
}

/**
 * The reason a server gave in an error body: its error message when it sent JSON, the title of an
 * HTML error page (a proxy's or CDN's in front of it), else its text.
 */
function serverReason(body: string | undefined): string | undefined {
  if (!body?.trim()) return undefined
  // An error status whose body is server-sent events (a server that streams whatever the status):
  // the words are in its events' data, each read as a body of its own.
  const events = eventData(body)
  if (events) return events.map(serverReason).find((r) => r !== undefined)
  try {
    const json = JSON.parse(body) as unknown
    // A body that is one JSON string is that text (it was shown in its own quotes, inside ours).
    if (typeof json === 'string') return serverReason(json)
    // Gemini sends its error as a list of one: [{"error": {...}}].
    const parsed = (Array.isArray(json) ? json[0] : json) as { error?: unknown; message?: unknown; detail?: unknown } | null | undefined
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return body
    const e = parsed.error
    const message = words(parsed.message)
    // Express and NestJS name the status in `error` ("Not Found") and say what happened in `message`.
    if (typeof e === 'string' && e.trim()) return message && message !== e.trim() ? `${e.trim()}: ${message}` : e
    const nested = typeof e === 'object' && e !== null ? words((e as { message?: unknown }).message) : undefined
    const text = nested ?? message ?? words(parsed.detail) ?? fastApiDetail(parsed.detail)
    if (text) return text
  } catch {
    /* not JSON: the text itself */
  }
  return /^\s*</.test(body) ? htmlTitle(body) : body
}

/**
 * The data of each event of `body` when it is framed as server-sent events (its first line a
 * `data:` or `event:` field, or a comment), `[DONE]` left out; undefined for any other body.
 */
function eventData(body: string): string[] | undefined {
  if (!framedAsEvents(body)) return undefined
  return body
    .split(/\r\n\r\n|\n\n|\r\r/)
    .map((event) =>
      event
        .split(/\r\n|\n|\r/)
        .filter((line) => /^data(:|$)/.test(line))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n')
    )
    .filter((data) => data.trim() !== '' && data.trim() !== '[DONE]')
}

const framedAsEvents = (body: string | undefined) => body !== undefined && /^\s*(data|event|id|retry)?:/.test(body)

function* causes(err: unknown): Generator<unknown> {
  let cur: unknown = err
  for (let i = 0; i < 8 && cur; i++) {
    yield cur
    cur = (cur as { cause?: unknown }).cause
  }
}

const findCause = <T>(err: unknown, test: (e: unknown) => e is T): T | undefined => {
  for (const e of causes(err)) if (test(e)) return e
  return undefined
}

function networkCode(err: unknown): string | undefined {
  for (const e of causes(err)) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return code
  }
  return undefined
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'connection closed',
  ETIMEDOUT: 'connection timed out',
  ECERT: 'certificate not accepted',
  CERT_HAS_EXPIRED: 'certificate expired'
}

/** TLS certificate codes (Node's, from OpenSSL) in words. */
const CERT_WORDS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'signed by an authority that is not a public one',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'signed by an authority that is not a public one',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'signed by an authority that is not a public one',
  CERT_HAS_EXPIRED: 'expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'made for another address'
}

/**
 * What to check in the URL. Ollama is spoken at the server's own address (its native /api/chat),
 * so "it ends in /v1" sent someone who had typed Ollama's OpenAI-style .../v1 to keep exactly that.
 */
const checkUrl = (kind: ProviderKind) =>
  kind === 'Ollama'
    ? `Check that the URL is the Ollama server's own address, without /v1 or /api (e.g. ${PROVIDER_CATALOG.Ollama.defaultUrl}).`
    : kind === 'Gemini'
      ? // Gemini's API base ends in /v1beta: "it ends in /v1" sent the operator to a URL that cannot work.
        `Check that the URL is the API base (for Gemini it ends in /v1beta, e.g. ${PROVIDER_CATALOG.Gemini.defaultUrl}).`
      : 'Check that the URL is the API base (for most servers it ends in /v1).'

/**
 * `inStream`: the status is the SDK's reading of an error event inside a 200 event stream (Claude's
 * rate_limit_error keeps 429, errorOpeningStream): the server's words are quoted, and no HTTP
 * status it never sent.
 */
function httpFailure(status: number, body: string | undefined, ctx: FailureContext, inStream = false): ProviderFailure {
  const s = providerSubject(ctx.kind, ctx.baseUrl)
  const reason = serverReason(body)
  const quoted = reason ? `"${quoteServer(reason, ctx)}"` : ''
  const said = inStream ? (quoted ? ` (${quoted})` : '') : ` (HTTP ${status}${quoted ? `: ${quoted}` : ''})`
  const fail = (kind: ProviderFailureKind, what: string, todo: string) =>
    new ProviderFailure(kind, `${sentence(s)} ${what}${said}. ${todo}`, status)
  if (status === 401 || status === 403) {
    if (!ctx.apiKey) return fail('auth', 'asks for an API key', "Enter the server's key in the provider's settings.")
    return fail('auth', 'rejected the API key', "Check the key in the provider's settings, or enter a new one.")
  }
  if (status === 429) return fail('rate_limit', 'is limiting requests', "Wait a moment and try again, or check your plan's limits.")
  if (status === 404) {
    if (!ctx.model) return fail('model_not_found', 'has no model list at this address', checkUrl(ctx.kind))
    const endpoint = ctx.purpose === 'embeddings' ? 'embeddings' : 'chat'
    return fail(
      'model_not_found',
      `has no model '${ctx.model}' or no ${endpoint} endpoint at this address`,
      `Check the model name. ${checkUrl(ctx.kind)}`
    )
  }
  if (status >= 400 && status < 500) {
    return fail('bad_request', 'refused the request', "Check the model name and the provider's settings.")
  }
  if (status >= 500) return fail('provider_error', 'failed', "Try again later; if it keeps failing, look at the server's log.")
  return unreadable(ctx, reason ? `it sent "${quoteServer(reason, ctx)}"` : undefined)
}

function unreadable(ctx: FailureContext, detail: string | undefined): ProviderFailure {
  const s = providerSubject(ctx.kind, ctx.baseUrl)
  const what = !ctx.model ? 'a list of models' : ctx.purpose === 'embeddings' ? 'a list of embeddings' : 'a chat answer'
  return new ProviderFailure(
    'provider_error',
    `${sentence(s)} sent a reply that is not ${what}${detail ? ` (${detail})` : ''}. ${checkUrl(ctx.kind)}`
  )
}

/**
 * Claude's SDK throws an error event that opens a 200 stream (Anthropic's overloaded servers send one
 * before any text) as an APICallError with a status inferred from the error's type, 529 for
 * overloaded_error, 500 for api_error: the reply was an event stream, so the server sent 200 and
 * its words, never that status.
 */
function errorOpeningStream(err: unknown): APICallError | undefined {
  const api = findCause(err, (e) => APICallError.isInstance(e))
  // A status under 300 is the SDK's own failure to read the stream (a connection cut), not this. A
  // rate_limit_error keeps its 429: the runtime then queues the question again after a pause, as
  // for a 429 reply, instead of storing a failure.
  const inferred = api?.statusCode !== undefined && api.statusCode >= 300 && api.statusCode !== 429
  // An error status whose body is the event stream itself was sent so by the server: its status is real.
  if (framedAsEvents(api?.responseBody)) return undefined
  return inferred && /text\/event-stream/i.test(api.responseHeaders?.['content-type'] ?? '') ? api : undefined
}

/**
 * The HTTP status whose advice fits an error code a server put inside a 200 reply (OpenAI's and its
 * imitators' `code`, Anthropic's `type`, LiteLLM's status as a string: `"code": "429"`), or
 * undefined for one that says nothing of the kind.
 */
function statusOfCode(code: string | undefined): number | undefined {
  switch (code?.trim().toLowerCase()) {
    case '401':
    case '403':
      return 401
    case '429':
      return 429
    case '404':
      return 404
    case 'invalid_api_key':
    case 'authentication_error':
    case 'unauthorized':
    case 'permission_error':
      return 401
    case 'rate_limit_exceeded':
    case 'rate_limit_error':
    case 'insufficient_quota':
      return 429
    case 'model_not_found':
      return 404
    default:
      return undefined
  }
}

/**
 * Turns whatever a provider call threw into a ProviderFailure whose message names the cause.
 * `midAnswer`: part of the answer had arrived, so a network error is a connection that broke, not
 * a server that could not be reached.
 */
export function describeFailure(err: unknown, ctx: FailureContext, midAnswer = false): ProviderFailure {
  if (err instanceof ProviderFailure) return new ProviderFailure(err.kind, redactSecrets(err.message, ctx), err.status)
  const failure = plainFailure(err, ctx, midAnswer)
  // The SDK's or the server's own words, which the message puts in a sentence or leaves out: for the debug log.
  debugEvent(`provider call failed: ${failure.message}`, err, everySecretOf(ctx))
  return failure
}

function plainFailure(err: unknown, ctx: FailureContext, midAnswer: boolean): ProviderFailure {
  const s = providerSubject(ctx.kind, ctx.baseUrl)

  // Said by the server inside a 200 reply: its own words, and no status it never sent.
  const reported = findCause(err, (e): e is ServerReportedError => e instanceof ServerReportedError) ?? errorOpeningStream(err)
  if (reported) {
    const status = reported instanceof ServerReportedError ? statusOfCode(reported.code) : undefined
    if (status !== undefined) {
      // Said with a code the kinds of failure have ("invalid_api_key" in a 200 stream): the same
      // advice as that HTTP status would get (check the key, not "try again"), quoting the server's
      // words and no status it never sent.
      const f = httpFailure(status, JSON.stringify({ error: { message: reported.message } }), ctx, true)
      return new ProviderFailure(f.kind, f.message)
    }
    const said = quoteServer(reported.message, ctx)
    const stop = /[.!?…]$/.test(said) ? '' : '.'
    return new ProviderFailure(
      'provider_error',
      `${sentence(s)} reported an error: "${said}"${stop} Try again; if it keeps failing, look at the server's log${ctx.model ? ' or choose another model' : ''}.`
    )
  }
  if (findCause(err, (e): e is StreamEndedEarlyError => e instanceof StreamEndedEarlyError)) {
    return new ProviderFailure(
      'provider_error',
      `The connection to ${s} closed before the answer finished. Try again; if it keeps happening, look at the server's log.`
    )
  }
  // A reply past the node's limit for it (a provider check's one-word reply: 1 MiB) is no such reply.
  const huge = findCause(err, (e): e is ResponseTooLarge => e instanceof ResponseTooLarge)
  if (huge) return unreadable(ctx, `it is larger than ${sizeText(huge.maxBytes)}`)
  const odd = findCause(err, (e): e is UnreadableReplyError => e instanceof UnreadableReplyError)
  if (odd) return unreadable(ctx, quoteServer(odd.message, ctx))
  const invalid = findCause(err, (e): e is InvalidStatusError => e instanceof InvalidStatusError)
  if (invalid) {
    return new ProviderFailure(
      'provider_error',
      `${sentence(s)} sent an invalid HTTP status, ${invalid.status} (valid ones run from 100 to 599), so its reply could not be read. ${checkUrl(ctx.kind)} If it is, look at the server's log.`
    )
  }

  const apiError = findCause(err, (e) => APICallError.isInstance(e))
  if (apiError?.statusCode !== undefined && apiError.statusCode >= 300) {
    // Claude's rate_limit_error inside a 200 stream keeps its 429 (errorOpeningStream); an error status
    // whose body is events is the status the server sent.
    const inStream = /text\/event-stream/i.test(apiError.responseHeaders?.['content-type'] ?? '') && !framedAsEvents(apiError.responseBody)
    return httpFailure(apiError.statusCode, apiError.responseBody, ctx, inStream)
  }

  const messages = [...causes(err)].map((e) => (e instanceof Error ? e.message : ''))
  // fetch refusing a header value: the key (the one header the operator writes) holds a character no
  // header carries. Its words quoted that character and its place in the key; they are left out.
  if (messages.some((m) => /ByteString|invalid header value/i.test(m))) {
    return new ProviderFailure(
      'auth',
      `${sentence(s)} was not called: the API key in the provider's settings has a line break, a control character or a letter such as é or € inside it, which a request header cannot carry. Paste the key again as it was given.`
    )
  }
  if (messages.some((m) => /bad port/i.test(m))) {
    const port = new URL(ctx.baseUrl).port
    return new ProviderFailure(
      'unreachable',
      `Could not reach ${s}: port ${port} is reserved for other protocols, so it cannot be used. Move the server to another port.`
    )
  }
  // https:// typed for a server that speaks plain HTTP (a local one, mostly): the TLS handshake reads
  // an HTTP reply. It said "fetch failed. Try again.", which no retry mends.
  if (ctx.baseUrl.startsWith('https:') && [...causes(err)].some((e) => (e as { code?: unknown }).code === 'ERR_SSL_WRONG_VERSION_NUMBER')) {
    // The URL in full only when it has no query: the base URL leaves the query out (?api-version=, whose
    // values may be secrets), and the server refuses calls without it.
    const instead = ctx.query
      ? 'Begin its URL with http:// instead of https://.'
      : `Use ${ctx.baseUrl.replace(/^https:/, 'http:')} as the URL.`
    return new ProviderFailure('unreachable', `Could not reach ${s}: it answers in plain HTTP, not HTTPS. ${instead}`)
  }
  // An HTTPS server whose certificate fetch does not trust (self-signed, a private authority's, expired,
  // for another name): it said "fetch failed. Try again.", which no retry mends.
  const certCode = [...causes(err)].map((e) => (e as { code?: unknown }).code).find((c) => typeof c === 'string' && c in CERT_WORDS)
  if (certCode) {
    return new ProviderFailure(
      'unreachable',
      `Could not reach ${s}: its certificate is not trusted (${CERT_WORDS[certCode as string]}). The node calls HTTPS servers only with a certificate from a public certificate authority, valid for that address: give the server one, or use http:// if it serves plain HTTP.`
    )
  }
  const code = networkCode(err)
  if (code && midAnswer) {
    return new ProviderFailure(
      'unreachable',
      `${sentence(s)} broke off the answer (${NETWORK_WORDS[code] ?? code}). Try again; if it keeps happening, look at the server's log.`
    )
  }
  if (code) {
    return new ProviderFailure(
      'unreachable',
      `Could not reach ${s} (${NETWORK_WORDS[code] ?? code}). Check that the server is running and that the URL is right.`
    )
  }
  if (messages.some((m) => /redirect/i.test(m))) {
    return new ProviderFailure(
      'unreachable',
      `${sentence(s)} answered with a redirect, which is not followed so that the key is sent nowhere else. Set the URL to the final address.`
    )
  }
  // A 2xx reply the SDK could not parse even after normalisation: the server's words, not the parser's.
  if (findCause(err, (e) => TypeValidationError.isInstance(e)) || findCause(err, (e) => JSONParseError.isInstance(e)))
    return unreadable(ctx, undefined)
  if (apiError) return unreadable(ctx, apiError.responseBody ? `it sent "${quoteServer(apiError.responseBody, ctx)}"` : undefined)
  const message = err instanceof Error ? err.message : String(err)
  return new ProviderFailure('provider_error', `Calling ${s} failed: ${quoteServer(message, ctx).replace(/\.+$/, '')}. Try again.`)
}

/** The message of a call that timed out. */
export function timeoutFailure(ctx: FailureContext, seconds: number, stalled: boolean): ProviderFailure {
  const s = sentence(providerSubject(ctx.kind, ctx.baseUrl))
  return new ProviderFailure(
    'timeout',
    stalled
      ? `${s} stopped sending the answer for ${seconds} s. Try again; if it keeps stalling, look at the server's log.`
      : `${s} did not answer within ${seconds} s. Check that the server is running and the model is loaded, then try again.`
  )
}

/** A wait as the operator reads it: seconds up to two minutes, minutes beyond. */
function durationText(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000))
  if (seconds < 120) return `${seconds} s`
  const minutes = Math.round(seconds / 60)
  return minutes < 120 ? `${minutes} minutes` : `${Math.round(minutes / 60)} hours`
}

/** The message of a streamed answer ended because nothing but keep-alives came for `ms` (`started`: after part of it). */
export function noProgressFailure(ctx: FailureContext, ms: number, started: boolean): ProviderFailure {
  const s = sentence(providerSubject(ctx.kind, ctx.baseUrl))
  return new ProviderFailure(
    'timeout',
    `${s} sent only keep-alive signals for ${durationText(ms)}, ${started ? 'no more of the answer' : 'none of the answer'}, so the node ended the call (it held up the other questions for this server). Try again; if it keeps happening, look at the server's log.`
  )
}

/** The message of a streamed answer ended at the node's limit of time for one answer. */
export function answerTimeLimitFailure(ctx: FailureContext, ms: number): ProviderFailure {
  const s = sentence(providerSubject(ctx.kind, ctx.baseUrl))
  return new ProviderFailure(
    'timeout',
    `${s} was still sending the answer after ${durationText(ms)}, the node's limit for one answer, so the node ended the call. Ask for a shorter answer, or try again.`
  )
}

/** The message of a whole answer asked for without streaming that did not come in time. */
export function unstreamedTimeoutFailure(ctx: FailureContext, seconds: number): ProviderFailure {
  const s = sentence(providerSubject(ctx.kind, ctx.baseUrl))
  return new ProviderFailure(
    'timeout',
    `${s} did not send its answer within ${seconds} s. Streaming is off for this job, so the whole answer is written before any of it is sent: turn streaming on in the job's config for long answers, or check that the server is running.`
  )
}

/** Longest tool name quoted in a message: a model's own name for it, cut well short of a sentence. */
const TOOL_NAME_CHARS = 64

/**
 * The message of a call that succeeded with no text at all: nothing, only thinking, or a request to
 * call a tool (`toolCall`, its name as the model wrote it), which the node neither offers nor runs.
 */
export function emptyAnswerFailure(ctx: FailureContext, thoughtOnly = false, toolCall?: string): ProviderFailure {
  const s = sentence(providerSubject(ctx.kind, ctx.baseUrl))
  if (toolCall !== undefined) {
    const chars = [...quoteServer(toolCall, ctx)]
    const name = chars.length > TOOL_NAME_CHARS ? `${chars.slice(0, TOOL_NAME_CHARS).join('')}…` : chars.join('')
    return new ProviderFailure(
      'provider_error',
      `${s} returned no answer from model '${ctx.model}': the model asked to call a tool${name ? ` ("${name}")` : ''} instead of answering, and Nodedesk does not support tools, so there is no text. Try again, or choose another model.`
    )
  }
  return new ProviderFailure(
    'provider_error',
    thoughtOnly
      ? `${s} returned no answer from model '${ctx.model}': the model wrote only its thinking, then stopped. Try again, or choose another model.`
      : `${s} returned an empty answer from model '${ctx.model}'. Try again, or choose another model.`
  )
}

/** Why a reply ended short of a whole answer (see EndedBy in model-call). */
type EndedBy = 'content-filter' | 'length'

/** The message of a call whose reply ended before any text: blocked by the content filter, or the output limit spent. */
export function endedEmptyFailure(ctx: FailureContext, by: EndedBy): ProviderFailure {
  const s = sentence(providerSubject(ctx.kind, ctx.baseUrl))
  return new ProviderFailure(
    'provider_error',
    by === 'content-filter'
      ? `${s} gave no answer with model '${ctx.model}': its content filter blocked it. Rephrase the question, or choose another model.`
      : `${s} reached the limit of output tokens of model '${ctx.model}' before writing any answer (a reasoning model may spend it all thinking). Raise the model's output limit on the server, or choose another model.`
  )
}

/** Ends an answer the content filter or the output limit cut short. */
export function endedNote(ctx: FailureContext, by: EndedBy): string {
  const s = sentence(providerSubject(ctx.kind, ctx.baseUrl))
  return by === 'content-filter'
    ? `\n\n⚠ ${s} stopped the answer here: its content filter blocked the rest.`
    : `\n\n⚠ ${s} ended the answer here: model '${ctx.model}' reached its limit of output tokens.`
}
