/**
 * The AI SDK provider packages, loaded on first use: together they take most of a second to load,
 * and a node that has not called a provider yet (a headless start answering its first request)
 * should not pay for them. Each package is loaded once; later calls get the same module.
 */
export const openAISdk = () => import('@ai-sdk/openai')
export const anthropicSdk = () => import('@ai-sdk/anthropic')
export const googleSdk = () => import('@ai-sdk/google')
export const ollamaSdk = () => import('ollama-ai-provider-v2')
