import type { Client } from '../../api/client'
import type { InboxBarRow } from '../../../../shared/contract/inbox-management'
import type { InboxRowData } from './inbox-rows'

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
 * Rows read a page (inbox_bar_rows, at most 5,000): a row is ~130 bytes, so a page is ~650 KB and
 * 100,000 inboxes are 20 requests.
 */
export const SELECT_ALL_PAGE = 5000

/**
 * A selected inbox as the bulk bar needs it (its id, name for the confirmation, flags, whether its
 * answer is awaited), read by Ctrl+A for rows not shown: not its preview, model or time, which only a
 * shown row needs (a shown row is taken from the list). The node sends only these (inbox_bar_rows):
 * whole Inbox objects, their last message's text included, were ~114 MB at 100,000 inboxes.
 */
export const barRow = (row: InboxBarRow): InboxRowData => ({
  inboxId: row.inbox_id,
  name: row.custom_name,
  providerId: '',
  model: '',
  preview: null,
  previewIsError: false,
  previewIsStopped: false,
  awaitsAnswer: row.awaits_answer,
  activity: '',
  isHidden: row.is_hidden,
  isPinned: row.is_pinned
})

/**
 * Every inbox of the list (pinned ones and the others, hidden ones when `showHidden`), each once, in
 * the list's order: pinned first, as barRow has them. `onProgress` tells how many are read so far.
 * Rejects when a page cannot be read (nothing is then selected: a part of "all" would be a wrong
 * count). Each list is walked page after page from a place in its order to the next (an inbox removed
 * meanwhile does not break the walk); inboxes made or moved to the top meanwhile (a new message) are
 * above the walk's start: when the list then counts more than were read, its top is read again until
 * they are found.
 */
export async function readEveryRow(
  client: Client,
  showHidden: boolean,
  onProgress: (read: number) => void = () => {},
  cancelled: () => boolean = () => false,
  pageSize: number = SELECT_ALL_PAGE
): Promise<InboxRowData[] | undefined> {
  const rows: InboxRowData[] = []
  const seen = new Set<string>()
  for (const pinned of [true, false]) {
    const ofList = new Set<string>()
    let total: number
    for (let pass = 0; pass < 2; pass++) {
      let after: string | undefined
      do {
        if (cancelled()) return undefined
        const page = await client.call('inbox_bar_rows', {
          query: { limit: String(pageSize), show_hidden: showHidden ? 'true' : 'false', pinned: String(pinned), after }
        })
        for (const row of page.rows) {
          ofList.add(row.inbox_id)
          if (seen.has(row.inbox_id)) continue
          seen.add(row.inbox_id)
          rows.push(barRow(row))
        }
        total = page.total_count
        onProgress(rows.length)
        after = page.next ?? undefined
        // Read again from the top: only until the ones made or moved meanwhile are found.
      } while (after !== undefined && !(pass > 0 && ofList.size >= total))
      if (ofList.size >= total) break
    }
  }
  return cancelled() ? undefined : rows
}
