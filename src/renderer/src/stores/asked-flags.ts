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
 */
interface AskedFlagsState {
  readonly asked: Readonly<Record<string, Asked>>
  /** Of `asked`, the marks whose call the node has answered. */
  readonly answered: Readonly<Record<string, Asked>>
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

/** `asked` without `flag` of `inboxId` (the inbox dropped once it has no mark left). */
function without(asked: Readonly<Record<string, Asked>>, inboxId: string, flag: Flag): Record<string, Asked> {
  const { [flag]: _gone, ...left } = asked[inboxId] ?? {}
  const { [inboxId]: _inbox, ...rest } = asked
  return Object.keys(left).length ? { ...rest, [inboxId]: left } : rest
}

export const useAskedFlags = create<AskedFlagsState>((set) => ({
  asked: {},
  answered: {},
  ask: (inboxIds, flag, value) =>
    set((s) => {
      const asked = { ...s.asked }
      let answered = s.answered
      for (const id of inboxIds) {
        asked[id] = { ...asked[id], [flag]: value }
        answered = without(answered, id, flag)
      }
      return { asked, answered }
    }),
  done: (inboxId, flag, value) =>
    set((s) =>
      s.asked[inboxId]?.[flag] === value ? { answered: { ...s.answered, [inboxId]: { ...s.answered[inboxId], [flag]: value } } } : s
    ),
  failed: (inboxId, flag, value) =>
    set((s) =>
      s.asked[inboxId]?.[flag] === value ? { asked: without(s.asked, inboxId, flag), answered: without(s.answered, inboxId, flag) } : s
    ),
  told: (changes) =>
    set((s) => {
      let { asked, answered } = s
      for (const [id, inbox] of changes) {
        const marks = asked[id]
        if (!marks) continue
        for (const flag of Object.keys(marks) as Flag[])
          if (inbox === null || inbox[field[flag]] === marks[flag] || answered[id]?.[flag] === marks[flag]) {
            asked = without(asked, id, flag)
            answered = without(answered, id, flag)
          }
      }
      return asked === s.asked ? s : { asked, answered }
    }),
  clear: () => set((s) => (Object.keys(s.asked).length ? { asked: {}, answered: {} } : s))
}))

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
