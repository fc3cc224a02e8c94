import type { Client } from '../../api/client'
import { pageQuery } from '../../api/inbox-pages'
import type { Inbox } from '../../../../shared/contract/inbox'
import { awaitsAnswer, type InboxRowData } from './inbox-rows'

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

/** The node's page limit for all_inboxes_paginated. */
export const SELECT_ALL_PAGE = 200
/** Pages asked for at once (2 cores shared with the node: more only queues). */
const AT_ONCE = 4

/**
 * A selected inbox as the bulk bar needs it (its id, name for the confirmation, flags, whether its
 * answer is awaited), read by Ctrl+A for rows not shown: not its preview, model or time, which only a
 * shown row needs (a shown row is taken from the list). At 100,000 inboxes the whole rows, and the pages
 * kept until the end, were most of the window's memory.
 */
export const barRow = (inbox: Inbox): InboxRowData => ({
  inboxId: inbox.inbox_id,
  name: inbox.custom_name,
  providerId: '',
  model: '',
  preview: null,
  previewIsError: false,
  previewIsStopped: false,
  awaitsAnswer: awaitsAnswer(inbox),
  activity: '',
  isHidden: inbox.is_hidden,
  isPinned: inbox.is_pinned
})

/**
 * Every inbox of the list (pinned ones and the others, hidden ones when `showHidden`), each once, in
 * the list's order: pinned first, as barRow has them (each page is dropped once read). `onProgress`
 * tells how many are read so far. Rejects when a page cannot be read (nothing is then selected: a part
 * of "all" would be a wrong count).
 */
export async function readEveryRow(
  client: Client,
  showHidden: boolean,
  onProgress: (read: number) => void = () => {},
  cancelled: () => boolean = () => false
): Promise<InboxRowData[] | undefined> {
  const rows: InboxRowData[] = []
  const seen = new Set<string>()
  const take = (inboxes: readonly Inbox[]) => {
    for (const inbox of inboxes) {
      if (seen.has(inbox.inbox_id)) continue
      seen.add(inbox.inbox_id)
      rows.push(barRow(inbox))
    }
  }
  for (const pinned of [true, false]) {
    const page = (position: number) =>
      client.call('all_inboxes_paginated', {
        query: { ...pageQuery({ showHidden, pinned }, undefined, SELECT_ALL_PAGE), position: String(position) }
      })
    const first = await page(0)
    let total = first.total_count
    take(first.inboxes)
    for (let at = SELECT_ALL_PAGE; at < total; at += SELECT_ALL_PAGE * AT_ONCE) {
      if (cancelled()) return undefined
      const starts: number[] = []
      for (let k = 0; k < AT_ONCE && at + k * SELECT_ALL_PAGE < total; k++) starts.push(at + k * SELECT_ALL_PAGE)
      const read = await Promise.all(starts.map(page))
      for (const p of read) take(p.inboxes)
      // Inboxes made meanwhile (another client): the list has grown, and so has "all".
      total = Math.max(total, ...read.map((p) => p.total_count))
      onProgress(rows.length)
    }
  }
  return cancelled() ? undefined : rows
}
