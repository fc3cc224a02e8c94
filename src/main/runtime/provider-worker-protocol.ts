import type { AnswerAbortReason, AnswerCallOutcome, AnswerCallRequest } from './answer-call'

/** Messages to the provider worker. */
export type ToProviderWorker =
  | { readonly type: 'call'; readonly id: number; readonly request: AnswerCallRequest }
  | { readonly type: 'abort'; readonly id: number; readonly reason: AnswerAbortReason }

/** Messages from it: a call's text as it streams, then its outcome. */
export type FromProviderWorker =
  | { readonly type: 'delta'; readonly id: number; readonly text: string }
  | { readonly type: 'end'; readonly id: number; readonly outcome: AnswerCallOutcome }
