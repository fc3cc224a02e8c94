/**
 * The unsent drafts' copy in the tab's sessionStorage (drafts.ts decides what is kept): one key per
 * inbox, and the order they were last written in under a key of its own, since storage keeps none.
 * Storage may be blocked (a browser setting) or full: reads then find nothing, and writes other
 * than the draft itself (writeDraft throws, for the caller to handle) are skipped.
 */
const KEY_PREFIX = 'nodedesk.draft:'
const ORDER_KEY = 'nodedesk.draftOrder'

const keyOf = (inboxId: string) => KEY_PREFIX + inboxId

export function readDraft(inboxId: string): string {
  try {
    return sessionStorage.getItem(keyOf(inboxId)) ?? ''
  } catch {
    return ''
  }
}

export function writeDraft(inboxId: string, text: string): void {
  sessionStorage.setItem(keyOf(inboxId), text)
}

export function dropStoredDraft(inboxId: string): void {
  try {
    sessionStorage.removeItem(keyOf(inboxId))
  } catch {
    // blocked: nothing was stored either
  }
}

/** True when `err` is the browser saying the storage is full (each engine names it its own way). */
export const isQuotaError = (err: unknown): boolean =>
  err instanceof DOMException && (err.name === 'QuotaExceededError' || err.name === 'NS_ERROR_DOM_QUOTA_REACHED' || err.code === 22)

/**
 * The inboxes with a stored draft, the one written to longest ago first. Drafts stored before the
 * order was (an earlier version of the app, in this tab) come first, as the oldest.
 */
export function readOrder(): string[] {
  try {
    const listed: unknown = JSON.parse(sessionStorage.getItem(ORDER_KEY) ?? '[]')
    const ids = [...new Set(Array.isArray(listed) ? listed.filter((id): id is string => typeof id === 'string') : [])]
    const known = new Set(ids)
    const unlisted: string[] = []
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i)
      if (key?.startsWith(KEY_PREFIX) && !known.has(key.slice(KEY_PREFIX.length))) unlisted.push(key.slice(KEY_PREFIX.length))
    }
    return [...unlisted, ...ids.filter((id) => sessionStorage.getItem(keyOf(id)) !== null)]
  } catch {
    return [] // blocked, or the order's text is not JSON (edited by hand): the drafts found are still read by inbox
  }
}

export function writeOrder(ids: readonly string[]): void {
  try {
    sessionStorage.setItem(ORDER_KEY, JSON.stringify(ids))
  } catch {
    // Full or blocked: read back, the drafts not listed count as the oldest.
  }
}

/**
 * Removes the stored drafts written to longest ago (in `order`), other than `inboxId`'s, until as
 * many characters are freed as `text` needs beside what `inboxId` has stored now: the ones removed,
 * with their texts, to put back (restoreDrafts) if that was not room enough.
 */
export function freeRoomFor(inboxId: string, text: string, order: readonly string[]): [string, string][] {
  // At least one goes: the storage said it was full.
  const needed = Math.max(1, text.length - readDraft(inboxId).length)
  const removed: [string, string][] = []
  let freed = 0
  for (const id of order) {
    if (freed >= needed) break
    if (id === inboxId) continue
    const stored = readDraft(id)
    if (!stored) continue
    dropStoredDraft(id)
    removed.push([id, stored])
    freed += stored.length + keyOf(id).length
  }
  return removed
}

/** Stores again drafts that freeRoomFor removed: the room they had is still free. */
export function restoreDrafts(removed: readonly [string, string][]): void {
  for (const [id, text] of removed)
    try {
      writeDraft(id, text)
    } catch {
      // blocked since, or the room taken by another tab's script: the window's memory may still hold it
    }
}
