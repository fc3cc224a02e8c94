import { runAnswerCall } from '../../src/main/runtime/answer-call'
import type { CallTimeouts } from '../../src/main/runtime/model-call'
import type { ProviderKind } from '../../src/shared/contract/identity'

/**
 * One streamed answer call of a provider of `kind` at `baseUrl` (the runtime's call, no node around
 * it): a one-line question, model 'm', the 1 MiB answer limit; `timeouts` over 1 s waits for words.
 */
export const streamedCall = (kind: ProviderKind, baseUrl: string, timeouts: Partial<CallTimeouts> = {}) =>
  runAnswerCall(
    {
      target: { kind, model: 'm', baseUrl, apiKey: 'sk-test-key-123456' },
      options: { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello?' }] }] },
      stream: true,
      timeouts: { firstChunkMs: 1000, idleMs: 1000, ...timeouts },
      maxTextBytes: 1 << 20,
      wireLimit: 1 << 28
    },
    fetch,
    new AbortController().signal,
    () => {}
  )
