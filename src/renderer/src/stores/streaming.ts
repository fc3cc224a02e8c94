import { create } from 'zustand'

export interface PartialAnswer {
  /** The question being answered (node_message_hash). */
  readonly parent: string
  readonly text: string
  /** Replies to `parent` already stored when this one began (a regenerated answer is not one of them). */
  readonly replaced?: readonly string[]
}

/** Answers being written right now, by inbox: the text so far from message_delta events. */
interface StreamingState {
  readonly partial: Readonly<Record<string, PartialAnswer>>
  append(inbox: string, parent: string, text: string, replaced?: readonly string[]): void
  clear(inbox: string, parent?: string): void
}

export const useStreaming = create<StreamingState>((set) => ({
  partial: {},
  append: (inbox, parent, text, replaced) =>
    set((s) => {
      const cur = s.partial[inbox]
      const next =
        cur && cur.parent === parent ? { ...cur, text: cur.text + text } : { parent, text, ...(replaced?.length ? { replaced } : {}) }
      return { partial: { ...s.partial, [inbox]: next } }
    }),
  clear: (inbox, parent) =>
    set((s) => {
      const cur = s.partial[inbox]
      if (!cur || (parent !== undefined && cur.parent !== parent)) return s
      const { [inbox]: _gone, ...rest } = s.partial
      return { partial: rest }
    })
}))
