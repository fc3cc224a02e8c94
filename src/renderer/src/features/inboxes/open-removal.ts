import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { navigateReplacing, parseRoute } from '../../app/router'
import { focusComposerOnOpen } from '../../stores/composer-focus'
import { useInboxFilters } from '../../stores/inbox-filters'
import { cachedSearchRows, conversationRoute, searchNow, type FollowedSearch } from './followed-search'
import type { InboxActions } from './inbox-actions'
import { showListAfterRemoval } from './list-after-removal'
import { cachedRowAt, cachedRows, indexOf } from './listed-conversations'
import { nextAfterRemoval } from './next-after-removal'

/*
 * The open conversation deleted here, from the conversation list beside it (its row's menu, or Delete on
 * its row) or from its own menu above it (Conversation actions): the window goes on as a mail app's does, to the conversation below it (above when it was the
 * last), its message box focused as after Alt+Down from it; to the inbox list when none is left. It showed
 * "This conversation was deleted · It no longer exists on the node", the notice meant for a conversation
 * deleted by another client (which still shows it: only a delete confirmed here is followed).
 */

interface Leaving {
  /** The conversation to open once it is gone; null: the inbox list. */
  readonly to: string | null
  readonly search: FollowedSearch | null
}

/** The open conversations whose delete was confirmed here, and where the window goes once each is gone. */
const leaving = new Map<string, Leaving>()

/** Whether `inboxId`, gone, was deleted here: the window moves on (leaveRemoved) rather than saying it was deleted. */
export const leavesOnRemoval = (inboxId: string): boolean => leaving.has(inboxId)

/** `inboxId` is gone: the window goes where its delete said, if it is still the one open (once: later calls do nothing). */
export function leaveRemoved(inboxId: string): void {
  const to = leaving.get(inboxId)
  if (!to) return
  leaving.delete(inboxId)
  const route = parseRoute(window.location.hash)
  if (route.name !== 'inbox' || route.inboxId !== inboxId) return
  // Focus still in the conversation list beside it (the deleted one's row, as the dialog gave it back) or
  // in its header (its menu's button) is on its way out.
  if (to.to === null)
    return showListAfterRemoval(inboxId, (el) => !!el.closest('nav[aria-label="Conversations"], [data-testid="conversation-header"]'))
  focusComposerOnOpen(to.to)
  // In its place in the window's history: Back does not lead to the deleted conversation.
  navigateReplacing(conversationRoute(to.to, to.search))
}

/**
 * The conversation to open once `inboxId` is gone with those `removed`, from the list beside it as the
 * cache holds it now, whether that list is shown or not (collapsed, or the narrow window's drawer closed:
 * its pages are read all the same): the results of the search the address follows, else the whole list
 * (pinned first, then the blocks read by place far down it). `undefined`: it is not among those removed.
 */
function nextOpen(qc: QueryClient, inboxId: string, removed: ReadonlySet<string>, search: FollowedSearch | null) {
  if (search) {
    const rows = cachedSearchRows(qc, search)
    return nextAfterRemoval(
      (i) => rows[i]?.id,
      inboxId,
      rows.findIndex((r) => r.id === inboxId),
      removed
    )
  }
  const { showHidden } = useInboxFilters.getState()
  const { rows, pinnedCount } = cachedRows(qc, showHidden)
  const at = indexOf(qc, rows, pinnedCount, showHidden, inboxId)
  return nextAfterRemoval((i) => cachedRowAt(qc, rows, pinnedCount, showHidden, i)?.id, inboxId, at, removed)
}

/**
 * The actions, with their delete following the open conversation `inboxId` when it is among those
 * deleted, whether asked from the list beside it or from its own menu: the conversation to go to is
 * chosen as the delete is confirmed, from the list then (the rows go as the node tells of each removal).
 */
export function useOpenRemoval(actions: InboxActions, inboxId: string): InboxActions {
  const qc = useQueryClient()
  return useMemo<InboxActions>(
    () => ({
      ...actions,
      remove: (removing, onDone) =>
        actions.remove(
          removing,
          () => {
            onDone?.()
            leaveRemoved(inboxId)
          },
          (left) => {
            const search = searchNow()
            const to = nextOpen(qc, inboxId, new Set(left.map((r) => r.inboxId)), search)
            if (to === undefined) return
            const entry = { to, search }
            leaving.set(inboxId, entry)
            // Not deleted after all (refused, stopped): a removal by another client later is told as such.
            return () => void (leaving.get(inboxId) === entry && leaving.delete(inboxId))
          }
        )
    }),
    [actions, inboxId, qc]
  )
}
