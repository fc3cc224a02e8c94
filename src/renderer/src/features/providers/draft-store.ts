import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { emptyDraft, updateDraft, type ProviderDraft } from './provider-draft'

interface DraftState {
  /** The add-provider draft; survives moving between steps, leaving the page and reloads. */
  readonly draft: ProviderDraft | null
  start(nodeName: string): void
  update(patch: Partial<ProviderDraft>): void
  discard(): void
}

export const useAddDraft = create<DraftState>()(
  persist(
    (set) => ({
      draft: null,
      start: (nodeName) => set((s) => (s.draft ? s : { draft: emptyDraft(nodeName) })),
      update: (patch) => set((s) => (s.draft ? { draft: updateDraft(s.draft, patch) } : s)),
      discard: () => set({ draft: null })
    }),
    {
      name: 'nodedesk.providerDraft',
      storage: createJSONStorage(() => localStorage),
      // The API key stays in memory only: never written to the page's storage.
      partialize: (s) => ({ draft: s.draft ? { ...s.draft, apiKey: '' } : null })
    }
  )
)
