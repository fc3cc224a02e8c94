import { APICallError } from '@ai-sdk/provider'
import type { ProviderKind } from '../../shared/contract/identity'
import { sizeText } from '../../shared/byte-size'
import { MIB } from '../../shared/contract/limits'
import { PROVIDER_CATALOG } from '../../shared/provider-catalog'
import { languageModel, ollamaAuth, providerFetch, type ModelTarget } from './language-model'
import { callModel, callPulse, type CallTimeouts } from './model-call'
import { serverErrorCodeOf, serverErrorOf, ServerReportedError, UnreadableReplyError } from './openai-reply'
import {
  describeFailure,
  emptyAnswerFailure,
  endedEmptyFailure,
  ProviderFailure,
  providerSubject,
  redactAnswerSecrets,
  sentence
} from './provider-errors'
import { cappedFetch, ResponseTooLarge } from './response-cap'
import { withUrlQuery } from './url-query-fetch'

const TEST_REPLY_MAX_BYTES = MIB
/** A reply to "OK" needs a few tokens; room for a model that says a little more. */
const TEST_REPLY_MAX_TOKENS = 64
/** Hosted catalogues list a few hundred models in well under 1 MiB. */
const MODEL_LIST_MAX_BYTES = 16 * MIB

export interface ListedModel {
  readonly id: string
  readonly name: string
}

/** A provider call ended by the node's stop (its `stop` signal), not by the provider. */
export class CallEndedByStop extends Error {
  constructor() {
    super('the node is stopping')
  }
}

/**
 * One minimal chat request with exactly these settings: a model listing alone does not prove
 * the model answers. Returns the reply's first words; a reply with no text (empty, or only a
 * request to call a tool) is a ProviderFailure saying so.
 */
export async function testProvider(
  target: ModelTarget,
  timeouts: CallTimeouts,
  fetchImpl: typeof fetch = fetch,
  stop?: AbortSignal
): Promise<string> {
  // Hears what the SDK never shows: a request to call a tool (a reply that is only one has no text), thinking.
  const pulse = callPulse()
  const result = await callModel({
    signal: stop,
    // A reply to "OK" needs little room: a provider sending without end must not fill memory.
    model: await languageModel(target, cappedFetch(providerFetch(fetchImpl), TEST_REPLY_MAX_BYTES), {
      event: pulse.beat,
      // As without a watch: an error the server reports inside a reply ends the call with it.
      fault: (err) => {
        throw err
      },
      toolCall: pulse.toolCall
    }),
    pulse,
    options: {
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'Reply with the single word OK.' }] }],
      maxOutputTokens: TEST_REPLY_MAX_TOKENS,
      // Ollama's native API reads the limit from options.num_predict only: the SDK sends the one above
      // as a top-level field Ollama ignores, so a model that kept on writing ran until the time-out.
      ...(PROVIDER_CATALOG[target.kind].protocol === 'ollama' && {
        providerOptions: { ollama: { options: { num_predict: TEST_REPLY_MAX_TOKENS } } }
      })
    },
    stream: false,
    failure: target,
    // A one-word reply: the wait of a stream's first chunk, not of a whole long answer.
    timeouts: { firstChunkMs: timeouts.firstChunkMs, idleMs: timeouts.idleMs }
  })
  // The reply is shown, kept as the provider's last check and listed: a server that writes the key
  // it was sent back into its reply (an echo server, a misconfigured proxy) must not get it into the
  // window. callModel took it out, before this cut, so the cut never leaves part of it.
  if (result.outcome === 'aborted') throw new CallEndedByStop()
  const reply = result.text.trim()
  if (!reply && result.outcome === 'done' && !thinkingFilledTheCheck(result)) {
    // No text is no proof the model answers: an empty reply, or a request to call a tool, passed as working.
    throw result.endedBy === 'content-filter'
      ? endedEmptyFailure(target, 'content-filter')
      : emptyAnswerFailure(target, result.thoughtOnly, result.toolCall)
  }
  return reply.slice(0, 120)
}

/**
 * A reasoning model that was still thinking when the check's few tokens ran out (its thoughts shown,
 * or hidden as Gemini's are: a reply ended by MAX_TOKENS with no text): it answers, the check just
 * asked for too little to see the text after its thoughts. A request to call a tool is no answer.
 */
const thinkingFilledTheCheck = (result: { readonly endedBy?: string; readonly toolCall?: string }) =>
  result.endedBy === 'length' && result.toolCall === undefined

/** The models the provider offers (`/models`, Ollama's `/api/tags`). */
export async function listModels(
  target: ModelTarget,
  timeoutMs: number,
  unqueried: typeof fetch = fetch,
  stop?: AbortSignal
): Promise<ListedModel[]> {
  const { kind, baseUrl, apiKey } = target
  const fetchImpl = withUrlQuery(unqueried, target.query)
  const protocol = PROVIDER_CATALOG[kind].protocol
  const headers: Record<string, string> = { Accept: 'application/json' }
  let url = `${baseUrl}/models`
  if (protocol === 'ollama') {
    url = `${baseUrl}/api/tags`
    Object.assign(headers, ollamaAuth(apiKey))
  } else if (protocol === 'anthropic') {
    if (apiKey) headers['x-api-key'] = apiKey
    headers['anthropic-version'] = '2023-06-01'
  } else if (protocol === 'gemini') {
    if (apiKey) headers['x-goog-api-key'] = apiKey
  } else if (apiKey) headers.Authorization = `Bearer ${apiKey}`

  if (protocol === 'gemini') url += `?pageSize=${PAGE_SIZE}`
  else if (protocol === 'anthropic') url += `?limit=${PAGE_SIZE}`

  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = stop ? AbortSignal.any([timeout, stop]) : timeout
  const found: ListedModel[] = []
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const body = await readModelPage(fetchImpl, url, headers, signal, target)
      found.push(...parseModelList(kind, body))
      const next = nextPage(protocol, body)
      if (!next) break
      url = `${url.replace(/&(pageToken|after_id)=.*$/, '')}&${next}`
    }
  } catch (err) {
    if (stop?.aborted) throw new CallEndedByStop()
    if ((err as Error)?.name === 'TimeoutError') {
      throw new ProviderFailure(
        'timeout',
        `${sentence(providerSubject(kind, baseUrl))} did not list its models within ${Math.round(timeoutMs / 1000)} s. Check that the server is running, then try again.`
      )
    }
    throw describeFailure(err, { ...target, model: '' })
  }
  // The same for model names: what the window shows never carries the key.
  const unique = new Map(found.map((m) => [m.id, { id: redactAnswerSecrets(m.id, target), name: redactAnswerSecrets(m.name, target) }]))
  const collator = (modelOrder ??= new Intl.Collator('en', { numeric: true }))
  return [...unique.values()].sort((x, y) => collator.compare(x.id, y.id))
}

/**
 * Models in the order a person reads them: numbers by value (model-2 before model-10, llama3.1:8b
 * before llama3.1:70b). Made on first use: a collator loads ICU's data, which headless start does not need.
 */
let modelOrder: Intl.Collator | undefined

/** Models asked for per page where lists come in pages (Gemini sends 50, Anthropic 20 unless asked; both allow 1000). */
const PAGE_SIZE = 1000
/** Pages followed at most: a server that always names a next page does not keep the wizard waiting for ever. */
const MAX_PAGES = 20

/** The query that asks for the page after `body` (Gemini's nextPageToken, Anthropic's has_more and last_id); undefined at the end. */
function nextPage(protocol: string, body: unknown): string | undefined {
  const b = body as { nextPageToken?: unknown; has_more?: unknown; last_id?: unknown }
  if (protocol === 'gemini' && typeof b.nextPageToken === 'string' && b.nextPageToken) {
    return `pageToken=${encodeURIComponent(b.nextPageToken)}`
  }
  if (protocol === 'anthropic' && b.has_more === true && typeof b.last_id === 'string' && b.last_id) {
    return `after_id=${encodeURIComponent(b.last_id)}`
  }
  return undefined
}

/** One page of a model list as JSON; throws what describeFailure reads. */
async function readModelPage(
  fetchImpl: typeof fetch,
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  target: ModelTarget
): Promise<unknown> {
  const { kind, baseUrl } = target
  const res = await cappedFetch(providerFetch(fetchImpl), MODEL_LIST_MAX_BYTES)(url, { headers, signal })
  let text: string
  try {
    text = await res.text()
  } catch (err) {
    if (err instanceof ResponseTooLarge) {
      throw new ProviderFailure(
        'provider_error',
        `${sentence(providerSubject(kind, baseUrl))} sent a model list larger than ${sizeText(MODEL_LIST_MAX_BYTES)}.`
      )
    }
    throw err
  }
  if (!res.ok) {
    throw new APICallError({ message: `HTTP ${res.status}`, url, requestBodyValues: {}, statusCode: res.status, responseBody: text })
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new UnreadableReplyError(text.trim() ? `it is not JSON, starting "${text.trim().slice(0, 60)}"` : 'it is empty')
  }
  // Some servers (LM Studio) answer a failure as {"error": "..."} with a 200.
  const said = Array.isArray(body) ? undefined : serverErrorOf(body)
  if (said !== undefined) throw new ServerReportedError(said, serverErrorCodeOf(body))
  return body
}

/** A string that names something (not empty), else undefined. */
const named = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)

/**
 * The entries of a model list: the list under `field` (or, for OpenAI's protocol, the body itself, or
 * another field). Anything else is an UnreadableReplyError: a body of `null`, or `data` that is no
 * list, threw the parser's own words ("entries is not iterable").
 */
function listEntries(body: unknown, fields: readonly string[]): Record<string, unknown>[] {
  if (Array.isArray(body)) return body.filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null)
  if (typeof body !== 'object' || body === null) throw new UnreadableReplyError(`it is ${body === null ? 'null' : `a ${typeof body}`}`)
  const field = fields.find((f) => (body as Record<string, unknown>)[f] != null)
  const list = field === undefined ? [] : (body as Record<string, unknown>)[field]
  if (!Array.isArray(list)) throw new UnreadableReplyError(`its "${field}" is not a list`)
  // Entries that are not objects name no model: skipped, like entries without a name.
  return list.filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null)
}

function parseModelList(kind: ProviderKind, body: unknown): ListedModel[] {
  const out: ListedModel[] = []
  const protocol = PROVIDER_CATALOG[kind].protocol
  if (protocol === 'ollama') {
    for (const m of listEntries(Array.isArray(body) ? {} : body, ['models'])) {
      const name = named(m.name)
      if (name) out.push({ id: named(m.model) ?? name, name })
    }
  } else if (protocol === 'gemini') {
    for (const m of listEntries(Array.isArray(body) ? {} : body, ['models'])) {
      const name = named(m.name)
      if (name) out.push({ id: name.replace(/^models\//, ''), name: named(m.displayName) ?? name })
    }
  } else {
    // OpenAI's `data`; some compatible servers send the bare array, or `models` entries named like Ollama's.
    for (const m of listEntries(body, ['data', 'models'])) {
      const id = named(m.id) ?? named(m.model) ?? named(m.name)
      if (!id) continue
      const name = named(m.display_name) ?? named(m.name) ?? id
      if (!out.some((o) => o.id === id)) out.push({ id, name })
    }
  }
  return out
}
