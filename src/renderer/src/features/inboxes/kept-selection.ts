import type { QueryClient } from '@tanstack/react-query'
import type { Inbox } from '../../../../shared/contract/inbox'
import type { Client } from '../../api/client'
import { listedInboxIds, onInboxChanges, onListsReadAfterBreak } from '../../api/inbox-pages'
import { inboxesNow, removedAmong } from '../../api/inboxes-now'
import { toRow, type InboxRowData } from './inbox-rows'
import { PatchedMap } from './patched-map'
import { countAfter } from './bar-counts'

/** The inbox list's selection: the selected inboxes by id, as their rows were last seen. */
export type Selection = ReadonlyMap<string, InboxRowData>

/**
 * The selection after inbox changes (`null`: removed): a removed one, or one hidden while hidden ones
 * are not shown, leaves it; the others keep their new name and flags. The same map when none is selected.
 * A patched copy (see PatchedMap): at 100,000 selected, each batch of events during a delete copied them all.
 */
export function selectionAfter(prev: Selection, changes: ReadonlyMap<string, Inbox | null>, showHidden: boolean): Selection {
  const patch = new Map<string, InboxRowData | undefined>()
  for (const [id, inbox] of changes) {
    if (!prev.has(id)) continue
    patch.set(id, inbox === null || (inbox.is_hidden && !showHidden) ? undefined : toRow(inbox))
  }
  return patch.size === 0 ? prev : patchedSelection(prev, patch)
}

/**
 * The selection with `patch` applied (`undefined`: the inbox unselected), patched rather than copied
 * (see PatchedMap), its bar counts carried along (see countAfter): a row ticked among 100,000 selected
 * cost a copy of them all.
 */
export function patchedSelection(prev: Selection, patch: ReadonlyMap<string, InboxRowData | undefined>): Selection {
  const before = new Map([...patch.keys()].map((id) => [id, prev.get(id)]))
  const next = (prev instanceof PatchedMap ? prev : PatchedMap.of(prev)).patched(patch)
  countAfter(prev, before, next)
  return next
}

/**
 * After a break in the node's events an inbox removed (or hidden) meanwhile was not told: selected, it
 * was still counted and acted on. Those selected that the lists read again since `since` do not hold are
 * asked after: whether the node still has them or, while hidden ones are not shown, also whether they
 * are hidden. Answers their changes, for selectionAfter (none when the lists hold them all).
 */
export async function selectionChangesAfterBreak(
  qc: QueryClient,
  client: Client,
  selected: Selection,
  since: number,
  showHidden: boolean
): Promise<ReadonlyMap<string, Inbox | null>> {
  const listed = listedInboxIds(qc, since)
  const doubtful = [...selected.keys()].filter((id) => !listed.has(id))
  if (!doubtful.length) return new Map()
  if (!showHidden) return inboxesNow(client, doubtful)
  return new Map((await removedAmong(client, doubtful)).map((id) => [id, null]))
}

/** A kept selection, and when the events last came back after a break while it was kept (its removals were not told). */
export interface KeptSelection {
  readonly rows: Selection
  readonly brokeSince?: number
}

interface Kept {
  readonly qc: QueryClient
  readonly search: string
  readonly showHidden: boolean
  rows: Selection
  brokeSince?: number
  stop: () => void
}
let kept: Kept | null = null

/**
 * Keeps the selection of the inbox list the operator leaves (a conversation opened, then Back: it was
 * gone), following the node's changes meanwhile, as the list does while shown. A break in the events
 * meanwhile is noted: the list checks the selection after it when it takes it back.
 */
export function keepSelection(qc: QueryClient, search: string, showHidden: boolean, rows: Selection): void {
  forgetKeptSelection()
  if (rows.size === 0) return
  const entry: Kept = { qc, search, showHidden, rows, stop: () => {} }
  const stopChanges = onInboxChanges(qc, (changes) => {
    entry.rows = selectionAfter(entry.rows, changes, showHidden)
  })
  const stopBreaks = onListsReadAfterBreak(qc, (since) => {
    entry.brokeSince = since
  })
  entry.stop = () => {
    stopChanges()
    stopBreaks()
  }
  kept = entry
}

/**
 * The selection kept when the list was left, for the list's first render: only for the same search and
 * the same choice of showing hidden ones (a selection is of the rows shown), and the same window's
 * cache, else none. It is still kept, and follows the node's changes, until the list's own listeners are
 * on: takeKeptSelection, from the list's effect, ends it. Taken in the render, a change or a break in the
 * events told between the render and the list's effects was seen by neither.
 */
export function keptSelection(qc: QueryClient, search: string, showHidden: boolean): KeptSelection {
  const entry = kept
  if (!entry || entry.qc !== qc || entry.search !== search || entry.showHidden !== showHidden) return { rows: new Map() }
  return { rows: entry.rows, brokeSince: entry.brokeSince }
}

/**
 * The kept selection as it is now (the changes told since keptSelection applied), no longer kept: called
 * by the list once its own listeners are on.
 */
export function takeKeptSelection(qc: QueryClient, search: string, showHidden: boolean): KeptSelection {
  const now = keptSelection(qc, search, showHidden)
  forgetKeptSelection()
  return now
}

export function forgetKeptSelection(): void {
  kept?.stop()
  kept = null
}
