import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { INBOX_FILTERS_STORAGE } from './inbox-filters-storage'

interface InboxFilters {
  readonly search: string
  readonly showHidden: boolean
  readonly setSearch: (search: string) => void
  readonly setShowHidden: (showHidden: boolean) => void
}

/** The inbox list's search and "show hidden" toggle; kept across reloads. */
export const useInboxFilters = create<InboxFilters>()(
  persist(
    (set) => ({
      search: '',
      showHidden: false,
      setSearch: (search) => set({ search }),
      setShowHidden: (showHidden) => set({ showHidden })
    }),
    { name: INBOX_FILTERS_STORAGE, storage: createJSONStorage(() => localStorage) }
  )
)
