import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider'
import type { ProviderKind } from '../../shared/contract/identity'
import type { JobConfig } from '../../shared/contract/job'
import { PROVIDER_CATALOG } from '../../shared/provider-catalog'
import { ollamaCompatFetch } from './ollama-compat-fetch'
import { openAICompatFetch } from './openai-compat-fetch'
import { InvalidStatusError } from './openai-reply'
import { anthropicSdk, googleSdk, ollamaSdk, openAISdk } from './provider-sdks'
import { withUrlQuery } from './url-query-fetch'
import { wholeReplyFetch } from './whole-reply-fetch'

export interface ModelTarget {
  readonly kind: ProviderKind
  readonly model: string
  /** From resolveBaseUrl. */
  readonly baseUrl: string
  /** From resolveUrlQuery: added to every request's URL ('' or absent: none). */
  readonly query?: string
  readonly apiKey?: string
}

/**
 * fetch for provider calls: redirects are refused, so the key never follows a redirect to
 * another host; a reply whose status no Response may carry (600 and up) is thrown as
 * InvalidStatusError before any reader rebuilds it.
 */
export function providerFetch(base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const res = await base(input, { ...init, redirect: 'error' })
    if (res.status >= 200 && res.status <= 599) return res
    void res.body?.cancel().catch(() => {})
    throw new InvalidStatusError(res.status)
  }
}

const AUTH_HEADERS = ['authorization', 'x-api-key', 'x-goog-api-key']

/** fetch that sends no credentials at all: for servers configured without a key. */
function withoutAuth(fetchImpl: typeof fetch): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers)
    for (const h of AUTH_HEADERS) headers.delete(h)
    return fetchImpl(input, { ...init, headers })
  }
}

/**
 * Ollama needs no key, but one behind a proxy that asks for it (or Ollama's own cloud API) takes it
 * as a bearer token: a key stored for an Ollama provider is sent so (its SDK has no key setting).
 */
export function ollamaAuth(apiKey: string | undefined): Record<string, string> | undefined {
  return apiKey ? { Authorization: `Bearer ${apiKey}` } : undefined
}

/** What a call hears below the SDK, for the protocols whose replies are normalised on the way in. */
export interface WireWatch {
  /**
   * Every event an OpenAI-protocol stream brings, thoughts included; `progress` when it carries text
   * or thinking, `thought` when it carries words of thinking (which the SDK drops).
   */
  readonly event: (progress: boolean, thought: boolean) => void
  /**
   * An error the server reported inside its streamed reply: the stream then ends cleanly after the
   * text before it, and the caller raises this error once it has read that text.
   */
  readonly fault: (err: Error) => void
  /** The call asks for a streamed reply (absent: the request's body says). */
  readonly stream?: boolean
  /** A tool the reply asks to call, which the SDK never shows (an OpenAI-protocol reply's `tool_calls`). */
  readonly toolCall?: (name: string) => void
}

/**
 * A streaming chat model for the target, speaking its kind's own protocol (its SDK loaded on first
 * use). Without `watch`, an error inside a streamed reply errors the stream.
 */
export async function languageModel(target: ModelTarget, baseFetch: typeof fetch, watch?: WireWatch): Promise<LanguageModelV4> {
  const { kind, model, baseUrl } = target
  // The SDKs refuse to start without a key: they get a placeholder, and the request loses it again.
  const apiKey = target.apiKey || 'no-key'
  const queried = withUrlQuery(baseFetch, target.query)
  const fetchImpl = target.apiKey ? queried : withoutAuth(queried)
  switch (PROVIDER_CATALOG[kind].protocol) {
    case 'openai':
      // Compatible servers differ from OpenAI in many details: their replies are normalised first.
      return (await openAISdk())
        .createOpenAI({
          baseURL: baseUrl,
          apiKey,
          fetch: openAICompatFetch(fetchImpl, watch?.event, watch?.fault, watch?.stream, watch?.toolCall),
          name: kind.toLowerCase()
        })
        .chat(model)
    case 'anthropic':
      return (await anthropicSdk()).createAnthropic({ baseURL: baseUrl, apiKey, fetch: wholeReplyFetch(fetchImpl, 'anthropic') })(model)
    case 'gemini':
      return (await googleSdk()).createGoogle({ baseURL: baseUrl, apiKey, fetch: wholeReplyFetch(fetchImpl, 'gemini') })(model)
    case 'ollama':
      return (await ollamaSdk())
        .createOllama({ baseURL: `${baseUrl}/api`, headers: ollamaAuth(target.apiKey), fetch: ollamaCompatFetch(fetchImpl, watch?.fault) })
        .chat(model)
  }
}

/**
 * The job config as call settings. Ollama's native API reads sampling settings from its
 * `options` object (top-level ones are ignored), so they go there too.
 */
export function samplingOptions(kind: ProviderKind, config: JobConfig): Partial<LanguageModelV4CallOptions> {
  const common = { temperature: config.temperature, topP: config.top_p, topK: config.top_k, seed: config.seed }
  if (PROVIDER_CATALOG[kind].protocol !== 'ollama') return common
  return {
    ...common,
    providerOptions: {
      ollama: { options: { temperature: config.temperature, top_p: config.top_p, top_k: config.top_k, seed: config.seed } }
    }
  }
}
