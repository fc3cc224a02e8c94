import { create } from 'zustand'
import type { Inbox } from '../../../shared/contract/inbox'

/** The two marks of an inbox the operator sets from a row's menu, the open conversation's menu or the bulk bar. */
export interface InboxFlags {
  readonly isHidden: boolean
  readonly isPinned: boolean
}

type Flag = keyof InboxFlags
type Asked = Partial<Record<Flag, boolean>>

/**
 * Hide / Unhide and Pin / Unpin this window asked the node for, by inbox, until the node's inbox_changed
 * carrying that mark reaches the cached lists. Meanwhile the row (its pin icon, its Hidden badge), a menu
 * reopened at once and the bulk bar say what the operator just did ("Unhide" after Hide), not what the
 * rows' data, patched only by that event, said before. A call that fails, the inbox removed, or the event
 * stream broken (its lists are read again) lets the rows speak again; so does any change told once the
 * call was answered: the node held the mark by then, and a change told with the other value is a later
 * one (another client's, its event and ours arriving together), which the row must not hide.
 *
 * A change told with the other value before the call was answered is in doubt: it came before ours
 * (ours is still to be told) or after it (its event and ours told in one batch, ours then lost in it).
 * Once the call is answered such a mark is kept only for SETTLE_MS, time for our own change to be told:
 * it was kept for good, and the row showed Unhidden over a conversation another client had hidden since.
 */
interface AskedFlagsState {
  readonly asked: Readonly<Record<string, Asked>>
  /** Of `asked`, the marks whose call the node has answered. */
  readonly answered: Readonly<Record<string, Asked>>
  /** Of `asked`, the marks a change told with the other value before their call was answered. */
  readonly contested: Readonly<Record<string, Asked>>
  ask(inboxIds: readonly string[], flag: Flag, value: boolean): void
  /** The call for `inboxId` succeeded (see `answered`). */
  done(inboxId: string, flag: Flag, value: boolean): void
  /** The call for `inboxId` failed: the mark is as the rows say, unless it was asked for again meanwhile (another value). */
  failed(inboxId: string, flag: Flag, value: boolean): void
  /** Changes applied to the cached lists: a mark asked for and now shown there is theirs again. */
  told(changes: ReadonlyMap<string, Inbox | null>): void
  clear(): void
}

const field: Record<Flag, 'is_hidden' | 'is_pinned'> = { isHidden: 'is_hidden', isPinned: 'is_pinned' }

/** How long a contested mark is kept once its call is answered (a few batches of events: see events.ts). */
export const SETTLE_MS = 250

/** `asked` without `flag` of `inboxId` (the inbox dropped once it has no mark left). */
function without(asked: Readonly<Record<string, Asked>>, inboxId: string, flag: Flag): Record<string, Asked> {
  const { [flag]: _gone, ...left } = asked[inboxId] ?? {}
  const { [inboxId]: _inbox, ...rest } = asked
  return Object.keys(left).length ? { ...rest, [inboxId]: left } : rest
}

export const useAskedFlags = create<AskedFlagsState>((set, get) => ({
  asked: {},
  answered: {},
  contested: {},
  ask: (inboxIds, flag, value) =>
    set((s) => {
      const asked = { ...s.asked }
      let { answered, contested } = s
      for (const id of inboxIds) {
        asked[id] = { ...asked[id], [flag]: value }
        answered = without(answered, id, flag)
        contested = without(contested, id, flag)
      }
      return { asked, answered, contested }
    }),
  done: (inboxId, flag, value) => {
    if (get().asked[inboxId]?.[flag] !== value) return
    set((s) => ({ answered: { ...s.answered, [inboxId]: { ...s.answered[inboxId], [flag]: value } } }))
    if (get().contested[inboxId]?.[flag] !== value) return
    setTimeout(
      () =>
        set((s) =>
          s.asked[inboxId]?.[flag] === value && s.answered[inboxId]?.[flag] === value && s.contested[inboxId]?.[flag] === value
            ? forget(s, inboxId, flag)
            : s
        ),
      SETTLE_MS
    )
  },
  failed: (inboxId, flag, value) => set((s) => (s.asked[inboxId]?.[flag] === value ? forget(s, inboxId, flag) : s)),
  told: (changes) =>
    set((s) => {
      let next: Marks = s
      for (const [id, inbox] of changes) {
        const marks = next.asked[id]
        if (!marks) continue
        for (const flag of Object.keys(marks) as Flag[])
          if (inbox === null || inbox[field[flag]] === marks[flag] || next.answered[id]?.[flag] === marks[flag])
            next = forget(next, id, flag)
          else if (next.contested[id]?.[flag] !== marks[flag])
            next = { ...next, contested: { ...next.contested, [id]: { ...next.contested[id], [flag]: marks[flag] } } }
      }
      return next === s ? s : next
    }),
  clear: () => set((s) => (Object.keys(s.asked).length ? { asked: {}, answered: {}, contested: {} } : s))
}))

type Marks = Pick<AskedFlagsState, 'asked' | 'answered' | 'contested'>

/** `marks` without `flag` of `inboxId`: the row shows what the node says again. */
const forget = (marks: Marks, inboxId: string, flag: Flag): Marks => ({
  asked: without(marks.asked, inboxId, flag),
  answered: without(marks.answered, inboxId, flag),
  contested: without(marks.contested, inboxId, flag)
})

/** The marks of a row as the operator last set them here, else as the row has them. */
export const shownFlags = (row: { readonly inboxId: string } & InboxFlags, asked: Readonly<Record<string, Asked>>): InboxFlags => {
  const marks = asked[row.inboxId]
  return { isHidden: marks?.isHidden ?? row.isHidden, isPinned: marks?.isPinned ?? row.isPinned }
}

/** shownFlags of one row, following the store. */
export function useShownFlags(row: { readonly inboxId: string } & InboxFlags): InboxFlags {
  const marks = useAskedFlags((s) => s.asked[row.inboxId])
  return { isHidden: marks?.isHidden ?? row.isHidden, isPinned: marks?.isPinned ?? row.isPinned }
}
