import type { ProviderProtocol } from '../../shared/provider-catalog'

/**
 * The AI SDK provider packages, loaded on first use: together they take most of a second to load,
 * and a node that has not called a provider yet (a headless start answering its first request)
 * should not pay for them. Each package is loaded once and its promise kept: asking the module
 * loader again for a loaded package still costs a resolution per call (6.5 µs in Node 24, more
 * under a loader hook such as the tests' tsx), against 0.1 µs for the kept promise.
 */
const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | undefined
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined // a failed load (e.g. out of descriptors) is tried again next time
      throw err
    }))
}

export const openAISdk = once(() => import('@ai-sdk/openai'))
export const anthropicSdk = once(() => import('@ai-sdk/anthropic'))
export const googleSdk = once(() => import('@ai-sdk/google'))
export const ollamaSdk = once(() => import('ollama-ai-provider-v2'))

const SDK_OF: Record<ProviderProtocol, () => Promise<unknown>> = {
  openai: openAISdk,
  anthropic: anthropicSdk,
  gemini: googleSdk,
  ollama: ollamaSdk
}

/** Loads the SDKs of `protocols` (a call loads its own anyway); returns those that failed to load. */
export async function loadSdks(protocols: readonly ProviderProtocol[]): Promise<ProviderProtocol[]> {
  const results = await Promise.allSettled(protocols.map((p) => SDK_OF[p]()))
  return protocols.filter((_, i) => results[i]!.status === 'rejected')
}
