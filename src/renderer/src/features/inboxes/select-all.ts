import type { QueryClient } from '@tanstack/react-query'
import type { Client } from '../../api/client'
import type { Inbox } from '../../../../shared/contract/inbox'
import { onInboxChanges, onListsReadAfterBreak } from '../../api/inbox-pages'
import { selectionAfter, type Selection } from './kept-selection'
import { PatchedMap } from './patched-map'
import type { InboxBarRow } from '../../../../shared/contract/inbox-management'
import { toRow, type InboxRowData } from './inbox-rows'

/*
 * Ctrl+A (⌘A on macOS) in the inbox list: every inbox of the list as it stands (its search, whether
 * hidden ones are shown), the same "all" the bulk bar acts on, though most rows are not read yet at
 * 100,000 inboxes: those are read first, a few pages at a time.
 */

/** The keys of a keydown, as the list's handler has them. */
interface Keys {
  readonly key: string
  readonly ctrlKey: boolean
  readonly metaKey: boolean
  readonly altKey: boolean
  readonly shiftKey: boolean
}

/** Ctrl+A, or ⌘A on macOS (where Ctrl+A moves the caret to the line's start and means nothing to a list). */
export function isSelectAllKey(e: Keys, mac: boolean): boolean {
  if (e.key.toLowerCase() !== 'a' || e.altKey || e.shiftKey) return false
  return mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey
}

/** A text field (the inline rename, say), where Ctrl+A selects its text. */
export const typingIn = (el: EventTarget | null): boolean =>
  el instanceof HTMLElement &&
  (el.isContentEditable || el.matches('textarea, select, [role="textbox"], input:not([type="checkbox"]):not([type="radio"])'))

/**
 * Rows read a page (inbox_bar_rows, at most 5,000): a row is ~90 bytes (an array, see InboxBarRowSchema),
 * so a page is ~450 KB and 100,000 inboxes are 20 requests.
 */
export const SELECT_ALL_PAGE = 5000

/**
 * A selected inbox as the bulk bar needs it (its id, name for the confirmation, flags, whether its
 * answer is awaited), read by Ctrl+A for rows not shown: not its preview, model or time, which only a
 * shown row needs (a shown row is taken from the list). The node sends only these (inbox_bar_rows):
 * whole Inbox objects, their last message's text included, were ~114 MB at 100,000 inboxes.
 */
export const barRow = ([inboxId, name, isHidden, isPinned, awaitsAnswer]: InboxBarRow): InboxRowData => ({
  inboxId,
  name,
  providerId: '',
  model: '',
  preview: null,
  previewIsError: false,
  previewIsStopped: false,
  awaitsAnswer,
  activity: '',
  isHidden,
  isPinned
})

/** Rows read a page when the top of a list is read again (what was made or moved up while the rest was read). */
const TOP_PAGE = 200

/**
 * Whether the place `a` in a list's order (a page's `next`: "<seq>:<activity>", inbox_bar_rows) is above `b`: a
 * later activity, or the same and a larger seq (the list is ordered by activity, then seq, newest first).
 */
export function placeAbove(a: string, b: string): boolean {
  const at = a.indexOf(':')
  const bt = b.indexOf(':')
  const activityA = a.slice(at + 1)
  const activityB = b.slice(bt + 1)
  if (activityA !== activityB) return activityA > activityB
  return Number(a.slice(0, at)) > Number(b.slice(0, bt))
}

/**
 * Every inbox of the list (pinned ones and the others, hidden ones when `showHidden`), each once, in
 * the list's order: pinned first, as barRow has them. `onProgress` tells how many are read so far.
 * Rejects when a page cannot be read (nothing is then selected: a part of "all" would be a wrong
 * count). The pinned and the unpinned ones are walked as one list, in activity order: pinning leaves an
 * inbox's place in that order as it is, so one pinned or unpinned meanwhile is read where it stands
 * (walked as two lists, one pinned while the second was read left it for the first, already read, and
 * was missed). The walk goes page after page from a place in the order to the next (an inbox removed
 * meanwhile does not break it), from the place of the first inbox. Inboxes made or moved to the top
 * meanwhile (a new message) are above that place: the top is read again down to it. (Whether the list
 * counts more than were read does not tell: one already read may have been removed meanwhile.)
 */
export async function readEveryRow(
  client: Client,
  showHidden: boolean,
  onProgress: (read: number) => void = () => {},
  cancelled: () => boolean = () => false,
  pageSize: number = SELECT_ALL_PAGE
): Promise<InboxRowData[] | undefined> {
  const pinned: InboxRowData[] = []
  const others: InboxRowData[] = []
  const seen = new Set<string>()
  const read = async (limit: number, after: string | undefined) => {
    const page = await client.call('inbox_bar_rows', {
      query: { limit: String(limit), show_hidden: showHidden ? 'true' : 'false', after }
    })
    for (const row of page.rows) {
      const [id, , , isPinned] = row
      if (seen.has(id)) continue
      seen.add(id)
      ;(isPinned ? pinned : others).push(barRow(row))
    }
    onProgress(seen.size)
    return page.next
  }
  if (cancelled()) return undefined
  // The list's first inbox alone: its place is the walk's start (null: the list had no other).
  const top = await read(1, undefined)
  if (top !== null) {
    for (let after: string | null = top; after !== null;) {
      if (cancelled()) return undefined
      after = await read(pageSize, after)
    }
    // Read again from the top, down to the walk's start: the ones made or moved up meanwhile are above it.
    let again: string | null | undefined = undefined
    do {
      if (cancelled()) return undefined
      again = await read(Math.min(pageSize, TOP_PAGE), again)
    } while (again !== null && placeAbove(again, top))
  }
  return cancelled() ? undefined : [...pinned, ...others]
}

/**
 * The rows read, with those the node told meanwhile to be in the list now (not removed and, while
 * hidden ones are not shown, not hidden: the list shows them, as patchPages puts them in) that the
 * read missed: one unhidden after the walk had passed its place (hidden, it was not in the list the
 * walk read; its place is below the top read again, as unhiding does not move it). Pinned first, as
 * readEveryRow has them.
 */
function withTold(rows: InboxRowData[], told: ReadonlyMap<string, Inbox | null>, showHidden: boolean): InboxRowData[] {
  const ids = new Set(rows.map((r) => r.inboxId))
  const missed: InboxRowData[] = []
  for (const [id, inbox] of told) if (inbox !== null && (showHidden || !inbox.is_hidden) && !ids.has(id)) missed.push(toRow(inbox))
  if (!missed.length) return rows
  const pinnedEnd = rows.findIndex((r) => !r.isPinned)
  const at = pinnedEnd < 0 ? rows.length : pinnedEnd
  return [...rows.slice(0, at), ...missed.filter((r) => r.isPinned), ...rows.slice(at), ...missed.filter((r) => !r.isPinned)]
}

/** Ctrl+A's selection, and when the node's events came back after a break while it was read (see selectEveryRow). */
export interface EveryRowSelection {
  readonly rows: Selection
  readonly brokeSince?: number
}

/**
 * Ctrl+A's selection: every row readEveryRow reads, with the inbox changes the node told meanwhile applied
 * (selectionAfter): one removed, or hidden while hidden ones are not shown, after it was read leaves it, a
 * renamed one has its new name; one told to be in the list now that the read missed (unhidden after the
 * walk passed its place) joins it (withTold). Told while the rows were read, they found no selection to act on yet: the
 * removed one stayed selected, counted and acted on. A break in the events meanwhile is answered as
 * `brokeSince` (the changes made then were not told: the list checks the selection after it).
 */
export async function selectEveryRow(
  qc: QueryClient,
  client: Client,
  showHidden: boolean,
  onProgress?: (read: number) => void,
  cancelled?: () => boolean,
  pageSize?: number
): Promise<EveryRowSelection | undefined> {
  // The newest state told of each inbox changed (`null`: removed): at most one entry per inbox.
  const told = new Map<string, Inbox | null>()
  let brokeSince: number | undefined
  const stopChanges = onInboxChanges(qc, (changes) => {
    for (const [id, inbox] of changes) told.set(id, inbox)
  })
  const stopBreaks = onListsReadAfterBreak(qc, (since) => {
    brokeSince ??= since
  })
  try {
    const rows = await readEveryRow(client, showHidden, onProgress, cancelled, pageSize)
    if (!rows) return undefined
    const selection = selectionAfter(PatchedMap.of(withTold(rows, told, showHidden).map((r) => [r.inboxId, r])), told, showHidden)
    return brokeSince === undefined ? { rows: selection } : { rows: selection, brokeSince }
  } finally {
    stopChanges()
    stopBreaks()
  }
}
