/** Where the inbox list's filters are kept across reloads (zustand's persist format: {"state": {...}}). */
export const INBOX_FILTERS_STORAGE = 'nodedesk.inboxFilters'

/** "Show hidden" as last kept, read without the store (main.tsx runs before it exists). */
export function persistedShowHidden(storage: Pick<Storage, 'getItem'>): boolean {
  try {
    const kept = JSON.parse(storage.getItem(INBOX_FILTERS_STORAGE) ?? 'null') as { state?: { showHidden?: unknown } } | null
    return kept?.state?.showHidden === true
  } catch {
    return false
  }
}
