import { create } from 'zustand'

/**
 * An answer the node holds back before calling the provider again: the provider asked it to wait
 * (`rate_limit`), or this machine failed the call or could not store the answer (`local_error`).
 */
export interface AnswerPause {
  /** The question waiting for its answer (node_message_hash). */
  readonly parent: string
  readonly reason: 'rate_limit' | 'local_error'
  /** When the node calls again (this window's clock, from the wait the event gave). */
  readonly until: number
  /** Replies to `parent` already stored when the pause began (a regenerated answer is not one of them). */
  readonly replaced?: readonly string[]
}

/** Answers waiting for a provider that asked to slow down, by inbox (from answer_paused events). */
interface AnswerPausesState {
  readonly pauses: Readonly<Record<string, AnswerPause>>
  pause(inbox: string, pause: AnswerPause): void
  /** The pause is over: the answer began or was stored (only the pause of `parent`, when given). */
  clear(inbox: string, parent?: string): void
}

export const useAnswerPauses = create<AnswerPausesState>((set) => ({
  pauses: {},
  pause: (inbox, pause) => set((s) => ({ pauses: { ...s.pauses, [inbox]: pause } })),
  clear: (inbox, parent) =>
    set((s) => {
      const cur = s.pauses[inbox]
      if (!cur || (parent !== undefined && cur.parent !== parent)) return s
      const { [inbox]: _gone, ...rest } = s.pauses
      return { pauses: rest }
    })
}))
