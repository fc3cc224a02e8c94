import type { ProviderProtocol } from '../../shared/provider-catalog'
import type { AnswerAbortReason, AnswerCallOutcome, AnswerCallRequest } from './answer-call'

/** Messages to the provider worker. */
export type ToProviderWorker =
  | { readonly type: 'call'; readonly id: number; readonly request: AnswerCallRequest }
  | { readonly type: 'abort'; readonly id: number; readonly reason: AnswerAbortReason }
  /** Load these protocols' SDKs now, before the first call needs them. */
  | { readonly type: 'warm'; readonly protocols: readonly ProviderProtocol[] }

/** Messages from it: a call's text as it streams, then its outcome. */
export type FromProviderWorker =
  | { readonly type: 'delta'; readonly id: number; readonly text: string }
  | { readonly type: 'end'; readonly id: number; readonly outcome: AnswerCallOutcome }
  /** The SDKs a warm message asked for are loaded (`failed`: those that could not be). */
  | {
      readonly type: 'warmed'
      readonly protocols: readonly ProviderProtocol[]
      readonly ms: number
      readonly failed: readonly ProviderProtocol[]
    }
