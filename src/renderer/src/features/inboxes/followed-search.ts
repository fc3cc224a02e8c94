import type { QueryClient } from '@tanstack/react-query'
import { create } from 'zustand'
import { inboxPageKeys } from '../../api/inbox-pages'
import type { Inbox } from '../../../../shared/contract/inbox'
import { rowOf, type ConversationRow } from './listed-conversations'

/**
 * The inbox list's search a conversation was opened from: the list beside it shows the same results,
 * and Alt+Up/Down go through them, as a mail client goes through a search's messages. Followed while
 * the operator moves along it (the list beside, Alt+Up/Down); a conversation opened any other way (by
 * its address, a new job, from the whole list) shows all conversations again.
 */
export interface FollowedSearch {
  /** The words searched, as the inbox list asked the node for them. */
  readonly q: string
  readonly showHidden: boolean
  /** The conversation opened from the results (the last one moved to along them). */
  readonly inboxId: string
  /**
   * The one it was moved to from: its view, drawn until the next one's is, still follows the search
   * (it showed the whole list meanwhile, and a key pressed again went along that).
   */
  readonly from?: string
}

export const useFollowedSearch = create<{ readonly followed: FollowedSearch | null }>()(() => ({ followed: null }))

/** A conversation is opened from the inbox list's results for `q`. */
export const openFromSearch = (inboxId: string, q: string, showHidden: boolean) =>
  useFollowedSearch.setState({ followed: q ? { q, showHidden, inboxId } : null })

/** A conversation is opened from the whole inbox list: no search is followed. */
export const leaveSearch = () => {
  if (useFollowedSearch.getState().followed) useFollowedSearch.setState({ followed: null })
}

/**
 * The list beside `from`, or Alt+Up/Down from it, open `inboxId`: the search `from` follows goes on
 * with it (none when `from` follows none: opened by its address, say).
 */
export const followSearchTo = (from: string, inboxId: string) => {
  const followed = useFollowedSearch.getState().followed
  if (followed?.inboxId === from && from !== inboxId) useFollowedSearch.setState({ followed: { ...followed, inboxId, from } })
}

/** The search followed by the view of `inboxId`, if any: one opened otherwise follows none. */
export const searchOf = (followed: FollowedSearch | null, inboxId: string): FollowedSearch | null =>
  followed && (followed.inboxId === inboxId || followed.from === inboxId) ? followed : null

/** The search's results as the cache holds them now (a render may not have followed yet), as rows of the list. */
export function cachedSearchRows(qc: QueryClient, search: { readonly q: string; readonly showHidden: boolean }): ConversationRow[] {
  return (qc.getQueryData<readonly { readonly inbox: Inbox }[]>(inboxPageKeys.search(search.q, search.showHidden)) ?? []).map((h) =>
    rowOf(h.inbox)
  )
}
