import type { QueryClient } from '@tanstack/react-query'
import type { Inbox } from '../../../../shared/contract/inbox'
import { onInboxChanges } from '../../api/inbox-pages'
import { toRow, type InboxRowData } from './inbox-rows'

/** The inbox list's selection: the selected inboxes by id, as their rows were last seen. */
export type Selection = ReadonlyMap<string, InboxRowData>

/**
 * The selection after inbox changes (`null`: removed): a removed one, or one hidden while hidden ones
 * are not shown, leaves it; the others keep their new name and flags. The same map when none is selected.
 */
export function selectionAfter(prev: Selection, changes: ReadonlyMap<string, Inbox | null>, showHidden: boolean): Selection {
  if (![...changes.keys()].some((id) => prev.has(id))) return prev
  const next = new Map(prev)
  for (const [id, inbox] of changes) {
    if (!next.has(id)) continue
    if (inbox === null || (inbox.is_hidden && !showHidden)) next.delete(id)
    else next.set(id, toRow(inbox))
  }
  return next
}

interface Kept {
  readonly qc: QueryClient
  readonly search: string
  readonly showHidden: boolean
  rows: Selection
  stop: () => void
}
let kept: Kept | null = null

/**
 * Keeps the selection of the inbox list the operator leaves (a conversation opened, then Back: it was
 * gone), following the node's changes meanwhile, as the list does while shown.
 */
export function keepSelection(qc: QueryClient, search: string, showHidden: boolean, rows: Selection): void {
  forgetKeptSelection()
  if (rows.size === 0) return
  const entry: Kept = { qc, search, showHidden, rows, stop: () => {} }
  entry.stop = onInboxChanges(qc, (changes) => {
    entry.rows = selectionAfter(entry.rows, changes, showHidden)
  })
  kept = entry
}

/**
 * The selection kept when the list was left, once: only for the same search and the same choice of
 * showing hidden ones (a selection is of the rows shown), and the same window's cache, else none.
 */
export function takeKeptSelection(qc: QueryClient, search: string, showHidden: boolean): Selection {
  const entry = kept
  forgetKeptSelection()
  return entry && entry.qc === qc && entry.search === search && entry.showHidden === showHidden ? entry.rows : new Map()
}

export function forgetKeptSelection(): void {
  kept?.stop()
  kept = null
}
