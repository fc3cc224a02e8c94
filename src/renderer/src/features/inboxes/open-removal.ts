import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { navigateReplacing, parseRoute } from '../../app/router'
import { useLatest } from '../../app/use-latest'
import { focusComposerOnOpen } from '../../stores/composer-focus'
import { conversationRoute, type FollowedSearch } from './followed-search'
import type { InboxActions } from './inbox-actions'
import { showListAfterRemoval } from './list-after-removal'
import { cachedRowAt, indexOf, type ConversationRow } from './listed-conversations'
import { nextAfterRemoval } from './next-after-removal'

/*
 * The open conversation deleted here, from the conversation list beside it (its row's menu, or Delete on
 * its row): the window goes on as a mail app's does, to the conversation below it (above when it was the
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
  // Focus still in the conversation list beside it (the deleted one's row, as the dialog gave it back) is on its way out.
  if (to.to === null) return showListAfterRemoval(inboxId, (el) => !!el.closest('nav[aria-label="Conversations"]'))
  focusComposerOnOpen(to.to)
  // In its place in the window's history: Back does not lead to the deleted conversation.
  navigateReplacing(conversationRoute(to.to, to.search))
}

/**
 * The list's actions, with its delete following the open conversation `inboxId` when it is among those
 * deleted: the conversation to go to is chosen as the delete is confirmed, from the list then (the rows
 * go as the node tells of each removal).
 */
export function useOpenRemoval(
  actions: InboxActions,
  inboxId: string,
  rows: readonly ConversationRow[],
  pinnedCount: number,
  showHidden: boolean,
  search: FollowedSearch | null
): InboxActions {
  const qc = useQueryClient()
  const list = useLatest({ rows, pinnedCount, showHidden, search })
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
            const { rows, pinnedCount, showHidden, search } = list.current
            const removed = new Set(left.map((r) => r.inboxId))
            const at = search ? rows.findIndex((r) => r.id === inboxId) : indexOf(qc, rows, pinnedCount, showHidden, inboxId)
            const idAt = search ? (i: number) => rows[i]?.id : (i: number) => cachedRowAt(qc, rows, pinnedCount, showHidden, i)?.id
            const to = nextAfterRemoval(idAt, inboxId, at, removed)
            if (to === undefined) return
            const entry = { to, search }
            leaving.set(inboxId, entry)
            // Not deleted after all (refused, stopped): a removal by another client later is told as such.
            return () => void (leaving.get(inboxId) === entry && leaving.delete(inboxId))
          }
        )
    }),
    [actions, inboxId, list, qc]
  )
}
