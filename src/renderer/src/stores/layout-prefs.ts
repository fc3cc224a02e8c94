import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

interface LayoutPrefs {
  /** The conversation list beside an open inbox, on wide windows (narrow ones open it as a drawer). */
  readonly conversationsOpen: boolean
  readonly setConversationsOpen: (open: boolean) => void
}

/** How the operator arranged the window; kept across reloads like the inbox filters. */
export const useLayoutPrefs = create<LayoutPrefs>()(
  persist(
    (set) => ({
      conversationsOpen: true,
      setConversationsOpen: (conversationsOpen) => set({ conversationsOpen })
    }),
    { name: 'nodedesk.layout', storage: createJSONStorage(() => localStorage) }
  )
)
