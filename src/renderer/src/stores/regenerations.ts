import { create } from 'zustand'

/**
 * Regenerations this window asked for, by inbox, then by question (node_message_hash), each with
 * the replies the question had then: one is under way until a reply not among those is stored.
 * Kept here, not in the conversation's view, so that going to another conversation and back
 * before the node has answered still shows it under way (the node answers each retry it accepts,
 * so a second Regenerate there would queue one more answer).
 */
interface RegenerationsState {
  readonly asked: Readonly<Record<string, ReadonlyMap<string, readonly string[]>>>
  ask(inbox: string, parent: string, replaced: readonly string[]): void
  /** Not under way (not queued, or its answer is stored); every one of `inbox` when no `parent` is given. */
  forget(inbox: string, parent?: string): void
  /** A reply to `parent` was stored under `hash`: the regeneration asked for is over unless it is one of those it replaces. */
  replied(inbox: string, parent: string, hash: string): void
}

export const useRegenerations = create<RegenerationsState>((set, get) => ({
  asked: {},
  ask: (inbox, parent, replaced) => set((s) => ({ asked: { ...s.asked, [inbox]: new Map(s.asked[inbox]).set(parent, replaced) } })),
  forget: (inbox, parent) =>
    set((s) => {
      const cur = s.asked[inbox]
      if (!cur || (parent !== undefined && !cur.has(parent))) return s
      const left = new Map(cur)
      if (parent !== undefined) left.delete(parent)
      const { [inbox]: _gone, ...rest } = s.asked
      return { asked: parent === undefined || left.size === 0 ? rest : { ...rest, [inbox]: left } }
    }),
  replied: (inbox, parent, hash) => {
    const had = get().asked[inbox]?.get(parent)
    if (had && !had.includes(hash)) get().forget(inbox, parent)
  }
}))
