import type { ProviderKind } from './contract/identity'
import { isOpenAiHost } from './http-url'

/** The wire protocols the node speaks to providers. */
export type ProviderProtocol = 'openai' | 'anthropic' | 'gemini' | 'ollama'

/** How each provider kind is spoken to, where it lives by default, and what to propose for it. */
export interface KindInfo {
  readonly label: string
  /** The wire protocol the node uses for this kind. */
  readonly protocol: ProviderProtocol
  /** The API base, as external_url would hold it. */
  readonly defaultUrl: string
  /** Hosted services refuse calls without a key. */
  readonly needsKey: boolean
  readonly modelPresets: readonly string[]
}

export const PROVIDER_CATALOG: Readonly<Record<ProviderKind, KindInfo>> = {
  OpenAI: {
    label: 'OpenAI',
    protocol: 'openai',
    defaultUrl: 'https://api.openai.com/v1',
    needsKey: true,
    modelPresets: ['gpt-4.1', 'gpt-4.1-mini', 'gpt-4o', 'gpt-4o-mini', 'o4-mini']
  },
  Ollama: {
    label: 'Ollama',
    protocol: 'ollama',
    defaultUrl: 'http://127.0.0.1:11434',
    needsKey: false,
    modelPresets: ['llama3.2', 'llama3.1:8b', 'qwen2.5:7b', 'mistral', 'gemma3']
  },
  Claude: {
    label: 'Anthropic Claude',
    protocol: 'anthropic',
    defaultUrl: 'https://api.anthropic.com/v1',
    needsKey: true,
    modelPresets: ['claude-sonnet-4-5', 'claude-opus-4-1', 'claude-3-5-haiku-latest']
  },
  Gemini: {
    label: 'Google Gemini',
    protocol: 'gemini',
    defaultUrl: 'https://generativelanguage.googleapis.com/v1beta',
    needsKey: true,
    modelPresets: ['gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.0-flash']
  },
  Groq: {
    label: 'Groq',
    protocol: 'openai',
    defaultUrl: 'https://api.groq.com/openai/v1',
    needsKey: true,
    modelPresets: ['llama-3.3-70b-versatile', 'llama-3.1-8b-instant']
  },
  OpenRouter: {
    label: 'OpenRouter',
    protocol: 'openai',
    defaultUrl: 'https://openrouter.ai/api/v1',
    needsKey: true,
    modelPresets: ['openai/gpt-4o-mini', 'anthropic/claude-sonnet-4', 'meta-llama/llama-3.3-70b-instruct']
  },
  DeepSeek: {
    label: 'DeepSeek',
    protocol: 'openai',
    defaultUrl: 'https://api.deepseek.com/v1',
    needsKey: true,
    modelPresets: ['deepseek-chat', 'deepseek-reasoner']
  },
  Grok: {
    label: 'xAI Grok',
    protocol: 'openai',
    defaultUrl: 'https://api.x.ai/v1',
    needsKey: true,
    modelPresets: ['grok-4', 'grok-3-mini']
  },
  TogetherAI: {
    label: 'Together AI',
    protocol: 'openai',
    defaultUrl: 'https://api.together.xyz/v1',
    needsKey: true,
    modelPresets: ['meta-llama/Llama-3.3-70B-Instruct-Turbo', 'Qwen/Qwen2.5-72B-Instruct-Turbo']
  }
}

/**
 * The API base the node calls: external_url when set, else the kind's default. An URL with no
 * path gets the kind's version path (`/v1` for OpenAI-compatible and Anthropic, `/v1beta` for
 * Gemini), so `https://api.openai.com` works as well as `https://api.openai.com/v1`.
 */
export function resolveBaseUrl(kind: ProviderKind, externalUrl?: string | null): string {
  const info = PROVIDER_CATALOG[kind]
  const url = new URL(externalUrl || info.defaultUrl)
  let path = url.pathname.replace(/\/+$/, '')
  if (info.protocol === 'ollama') path = path.replace(/\/api$/, '')
  else if (path === '') path = info.protocol === 'gemini' ? '/v1beta' : '/v1'
  return `${url.origin}${path}`
}

/**
 * The query string of external_url (`?api-version=2024-10-21` for an Azure OpenAI-style gateway,
 * `?key=...` for some proxies), '' when it has none. resolveBaseUrl leaves it out, since the SDKs
 * append their paths to the base; it is added to every request's URL instead. The fragment is never sent.
 */
export function resolveUrlQuery(externalUrl?: string | null): string {
  return externalUrl ? new URL(externalUrl).search : ''
}

/** Whether calling this provider needs a key: hosted kinds do; Ollama and custom OpenAI-compatible servers do not. */
export function keyRequired(kind: ProviderKind, externalUrl?: string | null): boolean {
  if (kind === 'OpenAI' && externalUrl) return isOpenAiHost(externalUrl)
  return PROVIDER_CATALOG[kind].needsKey
}
