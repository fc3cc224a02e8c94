import { createAnthropic } from '@ai-sdk/anthropic'
import { createGoogle } from '@ai-sdk/google'
import { createOpenAI } from '@ai-sdk/openai'
import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider'
import { createOllama } from 'ollama-ai-provider-v2'
import type { ProviderKind } from '../../shared/contract/identity'
import type { JobConfig } from '../../shared/contract/job'
import { PROVIDER_CATALOG } from '../../shared/provider-catalog'
import { openAICompatFetch } from './openai-compat-fetch'

export interface ModelTarget {
  readonly kind: ProviderKind
  readonly model: string
  /** From resolveBaseUrl. */
  readonly baseUrl: string
  readonly apiKey?: string
}

/**
 * fetch for provider calls: redirects are refused, so the key never follows a redirect to
 * another host.
 */
export function providerFetch(base: typeof fetch = fetch): typeof fetch {
  return (input, init) => base(input, { ...init, redirect: 'error' })
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

/** A streaming chat model for the target, speaking its kind's own protocol. */
export function languageModel(target: ModelTarget, baseFetch: typeof fetch): LanguageModelV4 {
  const { kind, model, baseUrl } = target
  // The SDKs refuse to start without a key: they get a placeholder, and the request loses it again.
  const apiKey = target.apiKey || 'no-key'
  const fetchImpl = target.apiKey ? baseFetch : withoutAuth(baseFetch)
  switch (PROVIDER_CATALOG[kind].protocol) {
    case 'openai':
      // Compatible servers differ from OpenAI in many details: their replies are normalised first.
      return createOpenAI({ baseURL: baseUrl, apiKey, fetch: openAICompatFetch(fetchImpl), name: kind.toLowerCase() }).chat(model)
    case 'anthropic':
      return createAnthropic({ baseURL: baseUrl, apiKey, fetch: fetchImpl })(model)
    case 'gemini':
      return createGoogle({ baseURL: baseUrl, apiKey, fetch: fetchImpl })(model)
    case 'ollama':
      return createOllama({ baseURL: `${baseUrl}/api`, fetch: fetchImpl }).chat(model)
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
