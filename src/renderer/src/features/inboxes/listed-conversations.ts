import type { QueryClient } from '@tanstack/react-query'
import { cachedAtPlace, cachedPlace, inboxPageKeys, type InboxPages } from '../../api/inbox-pages'
import type { Inbox } from '../../../../shared/contract/inbox'
import { toRow, type InboxRowData } from './inbox-rows'

/** A conversation of the list beside an open one, as its row shows it. */
export interface ConversationRow {
  readonly id: string
  readonly name: string
  readonly pinned: boolean
  readonly hidden: boolean
  /** When it last changed (its last message, else its creation), as the inbox list says it. */
  readonly activity: string
  /** Its last message's first line, as the inbox list's preview (null: no message yet). */
  readonly preview: string | null
  /** The inbox as the inbox list's row has it: what the row's menu acts on. */
  readonly data: InboxRowData
}

/**
 * A conversation of the list as its row shows it (marked pinned and hidden as the inbox list marks them).
 * Conversations are named after their first message, so several begun alike had rows alike: each says
 * when it last changed and what its last message was, on a second line.
 */
export const rowOf = (inbox: Inbox): ConversationRow => {
  const data = toRow(inbox)
  const { activity, preview } = data
  return { id: inbox.inbox_id, name: inbox.custom_name, pinned: inbox.is_pinned, hidden: inbox.is_hidden, activity, preview, data }
}

/** The pinned pages' inboxes, then the others', each once. */
export function conversationRows(...lists: (readonly { inboxes: readonly Inbox[] }[] | undefined)[]): ConversationRow[] {
  const seen = new Set<string>()
  const out: ConversationRow[] = []
  for (const pages of lists)
    for (const p of pages ?? [])
      for (const i of p.inboxes)
        if (!seen.has(i.inbox_id)) {
          seen.add(i.inbox_id)
          out.push(rowOf(i))
        }
  return out
}

/** How many of the rows are pinned (all loaded first: few); the rows after them are the unpinned ones read in order. */
export const pinnedCountOf = (pinned: readonly { inboxes: readonly Inbox[] }[] | undefined): number =>
  new Set(pinned?.flatMap((p) => p.inboxes.map((i) => i.inbox_id))).size

/**
 * The rows read in order as the cache holds them now: a render may not have followed yet (a page read
 * for Alt+Down, the key pressed again before the list was drawn with it).
 */
export function cachedRows(qc: QueryClient, showHidden: boolean): { rows: ConversationRow[]; pinnedCount: number } {
  const pinned = qc.getQueryData<InboxPages>(inboxPageKeys.pages({ showHidden, pinned: true }))?.pages
  const others = qc.getQueryData<InboxPages>(inboxPageKeys.pages({ showHidden, pinned: false }))?.pages
  return { rows: conversationRows(pinned, others), pinnedCount: pinnedCountOf(pinned) }
}

/**
 * Where the open conversation stands in the list: among the rows read in order, else (opened from
 * far down the inbox list) at its place in the cached blocks read by place; -1 when neither holds it.
 */
export function indexOf(qc: QueryClient, rows: readonly ConversationRow[], pinnedCount: number, showHidden: boolean, inboxId: string) {
  const at = rows.findIndex((r) => r.id === inboxId)
  if (at >= 0) return at
  const place = cachedPlace(qc, { showHidden, pinned: false }, inboxId)
  return place === undefined ? -1 : pinnedCount + place
}

/** The row at an index: read in order, else from a cached block read by place. */
export function cachedRowAt(qc: QueryClient, rows: readonly ConversationRow[], pinnedCount: number, showHidden: boolean, i: number) {
  if (i < 0) return undefined
  if (i < rows.length) return rows[i]
  const inbox = cachedAtPlace(qc, { showHidden, pinned: false }, i - pinnedCount)
  return inbox && rowOf(inbox)
}
