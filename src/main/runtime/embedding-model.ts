import type { EmbeddingModelV4 } from '@ai-sdk/provider'
import { modelKind } from '../../shared/contract/identity'
import type { LlmProvider } from '../../shared/contract/provider'
import { PROVIDER_CATALOG } from '../../shared/provider-catalog'
import { sizeText } from '../../shared/byte-size'
import { MIB } from '../../shared/contract/limits'
import type { Store } from '../store'
import { EmbeddingFailure, type EmbedderFactory } from '../vector-fs/embedder'
import { ollamaAuth, providerFetch, type ModelTarget } from './language-model'
import { describeFailure, providerSubject, ProviderFailure, sentence } from './provider-errors'
import { googleSdk, ollamaSdk, openAISdk } from './provider-sdks'
import { targetFor } from './provider-target'
import { cappedFetch, ResponseTooLarge } from './response-cap'
import { withUrlQuery } from './url-query-fetch'

/** Provider kinds the node can embed with (api-contract.md: OpenAI and compatible, Ollama, Gemini). */
export const EMBEDDING_KINDS = ['OpenAI', 'Ollama', 'Gemini'] as const

const AUTH_HEADERS = ['authorization', 'x-api-key', 'x-goog-api-key']

/**
 * The bytes a reply embedding `texts` texts may take, in whole MiB: 256 KiB a text holds 8,000
 * numbers written out in full (a large model's vector has 3,072 or 4,096), and a MiB more for the
 * rest of the reply.
 * Past it the reply stops being read: a server that answered without end (or with a small gzip
 * body that expands to gigabytes) had the whole of it held in memory, 5.9 GB for a 2 GB reply.
 */
export const embeddingReplyLimit = (texts: number) => (Math.ceil(Math.max(1, texts) / 4) + 1) * MIB

/** The ResponseTooLarge behind `err` (the SDK may wrap what reading the body threw), if any. */
function tooLarge(err: unknown): ResponseTooLarge | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) if (e instanceof ResponseTooLarge) return e
  return undefined
}

async function embeddingModel(target: ModelTarget, unqueried: typeof fetch): Promise<EmbeddingModelV4> {
  const apiKey = target.apiKey || 'no-key'
  const baseFetch = withUrlQuery(unqueried, target.query)
  // No key configured: the SDK's placeholder must not be sent.
  const fetchImpl: typeof fetch = target.apiKey
    ? baseFetch
    : (input, init) => {
        const headers = new Headers(init?.headers)
        for (const h of AUTH_HEADERS) headers.delete(h)
        return baseFetch(input, { ...init, headers })
      }
  switch (PROVIDER_CATALOG[target.kind].protocol) {
    case 'openai':
      return (await openAISdk())
        .createOpenAI({ baseURL: target.baseUrl, apiKey, fetch: fetchImpl, name: target.kind.toLowerCase() })
        .embedding(target.model)
    case 'gemini':
      return (await googleSdk()).createGoogle({ baseURL: target.baseUrl, apiKey, fetch: fetchImpl }).embedding(target.model)
    case 'ollama':
      // Ollama's native /api/embed, which takes many inputs per call.
      return (await ollamaSdk())
        .createOllama({ baseURL: `${target.baseUrl}/api`, headers: ollamaAuth(target.apiKey), fetch: fetchImpl })
        .embedding(target.model)
    default:
      throw new EmbeddingFailure(`${PROVIDER_CATALOG[target.kind].label} cannot embed documents`, false)
  }
}

function retryAfterMs(err: unknown): number | undefined {
  const headers = (err as { responseHeaders?: Record<string, string> })?.responseHeaders
  const value = headers?.['retry-after']
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(value)
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined
}

/**
 * Embedders for stored providers, with the runtime's key rules: the key is decrypted at each
 * call, sent only to the provider's own URL, and never follows a redirect.
 */
export function embedderFactory(store: Store, baseFetch: typeof fetch = fetch): EmbedderFactory {
  const fetchImpl = providerFetch(baseFetch)
  return (providerId, model) => ({
    async embed(texts, signal) {
      const row = store.providers.get(providerId)
      if (!row) throw new EmbeddingFailure(`the embedding provider '${providerId}' no longer exists`, false)
      const provider = JSON.parse(row.provider_json) as LlmProvider
      let target: ModelTarget
      try {
        target = { ...targetFor(provider, row.api_key, store), model }
      } catch (err) {
        throw new EmbeddingFailure((err as Error).message, false)
      }
      if (!(EMBEDDING_KINDS as readonly string[]).includes(modelKind(provider.model).kind)) {
        throw new EmbeddingFailure(`${PROVIDER_CATALOG[target.kind].label} cannot embed documents`, false)
      }
      const limit = embeddingReplyLimit(texts.length)
      try {
        const capped = cappedFetch(fetchImpl, limit)
        const result = await (await embeddingModel(target, capped)).doEmbed({ values: [...texts], abortSignal: signal })
        return result.embeddings.map((e) => Array.from(e))
      } catch (err) {
        if (err instanceof EmbeddingFailure) throw err
        if (tooLarge(err)) {
          const subject = sentence(providerSubject(target.kind, target.baseUrl))
          const what = texts.length === 1 ? 'one text' : `${texts.length} texts`
          throw new EmbeddingFailure(
            `${subject} sent an embedding reply larger than ${sizeText(limit)} for ${what}; the node stopped reading it.`,
            false
          )
        }
        const failure = err instanceof ProviderFailure ? err : describeFailure(err, { ...target, purpose: 'embeddings' })
        const status = failure.status
        const retryable =
          failure.kind === 'rate_limit' ||
          failure.kind === 'timeout' ||
          (failure.kind === 'unreachable' && !/redirect/.test(failure.message)) ||
          (status !== undefined && status >= 500)
        throw new EmbeddingFailure(failure.message, retryable, retryAfterMs(err), failure.kind === 'unreachable')
      }
    }
  })
}
