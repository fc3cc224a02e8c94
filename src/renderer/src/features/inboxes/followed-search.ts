import type { QueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { inboxPageKeys } from '../../api/inbox-pages'
import { parseRoute, useRoute, type Route } from '../../app/router'
import type { Inbox } from '../../../../shared/contract/inbox'
import { rowOf, type ConversationRow } from './listed-conversations'

/**
 * The inbox list's search a conversation was opened from: the list beside it shows the same results,
 * and Alt+Up/Down go through them, as a mail client goes through a search's messages. The conversation's
 * address carries it (`#/inboxes/<id>?q=…`), as a mail client's does: a reload, Back and Forward, or the
 * address opened in a new tab follow it still (it lived in memory, and a reload listed all conversations).
 * Followed while the operator moves along it (the list beside, Alt+Up/Down); a conversation opened any
 * other way (by an address without it, a new job, from the whole list) shows all conversations.
 */
export interface FollowedSearch {
  /** The words searched, as the inbox list asked the node for them. */
  readonly q: string
  readonly showHidden: boolean
}

/** The search an address follows, if any. */
export const searchOfRoute = (route: Route): FollowedSearch | null =>
  route.name === 'inbox' && route.q ? { q: route.q, showHidden: route.hidden === true } : null

/** The search the address shown now follows (navigate() changes it at once; the views follow a render later). */
export const searchNow = (): FollowedSearch | null => searchOfRoute(parseRoute(window.location.hash))

/** The address of conversation `inboxId` following `search` (none: the whole list). */
export const conversationRoute = (inboxId: string, search: FollowedSearch | null): Route =>
  search?.q ? { name: 'inbox', inboxId, q: search.q, ...(search.showHidden ? { hidden: true } : {}) } : { name: 'inbox', inboxId }

/** The search the address shown follows, for a view: the same object while it is the same search. */
export function useFollowedSearch(): FollowedSearch | null {
  const found = searchOfRoute(useRoute())
  const q = found?.q
  const showHidden = found?.showHidden ?? false
  return useMemo(() => (q ? { q, showHidden } : null), [q, showHidden])
}

/** The search's results as the cache holds them now (a render may not have followed yet), as rows of the list. */
export function cachedSearchRows(qc: QueryClient, search: FollowedSearch): ConversationRow[] {
  return (qc.getQueryData<readonly { readonly inbox: Inbox }[]>(inboxPageKeys.search(search.q, search.showHidden)) ?? []).map((h) =>
    rowOf(h.inbox)
  )
}
