import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { hideUrlSecrets, placeholderParams } from '../../../../shared/url-secrets'
import { emptyDraft, resumeDraft, updateDraft, type ProviderDraft } from './provider-draft'

interface DraftState {
  /** The add-provider draft; survives moving between steps, leaving the page and reloads. */
  readonly draft: ProviderDraft | null
  /** The draft was started earlier (before a reload, or before leaving the page). */
  readonly resumed: boolean
  /** Why the draft is back on an earlier step after a reload (the key must be typed again), if so. */
  readonly notice: string | null
  readonly start: (nodeName: string) => void
  readonly update: (patch: Partial<ProviderDraft>) => void
  /** "Start over": the draft is discarded and a new one begins on the first step. */
  readonly startOver: (nodeName: string) => void
  readonly discard: () => void
}

interface Saved {
  readonly draft?: ProviderDraft | null
  /** A key had been typed: it is not saved, so it must be typed again. */
  readonly keyTyped?: boolean
}

export const useAddDraft = create<DraftState>()(
  persist(
    (set) => ({
      draft: null,
      resumed: false,
      notice: null,
      start: (nodeName) =>
        set((s) =>
          s.draft ? { resumed: s.resumed || s.draft.choice !== null } : { draft: emptyDraft(nodeName), resumed: false, notice: null }
        ),
      update: (patch) =>
        set((s) => {
          if (!s.draft) return s
          const draft = updateDraft(s.draft, patch)
          const retyped = !!patch.apiKey || (patch.externalUrl !== undefined && !placeholderParams(draft.externalUrl).length)
          return { draft, notice: retyped ? null : s.notice }
        }),
      startOver: (nodeName) => set({ draft: emptyDraft(nodeName), resumed: false, notice: null }),
      discard: () => set({ draft: null, resumed: false, notice: null })
    }),
    {
      name: 'nodedesk.providerDraft',
      storage: createJSONStorage(() => localStorage),
      // The API key stays in memory only: never written to the page's storage; nor does a key typed into the address.
      partialize: (s): Saved => ({
        draft: s.draft ? { ...s.draft, apiKey: '', externalUrl: hideUrlSecrets(s.draft.externalUrl) } : null,
        keyTyped: !!s.draft?.apiKey
      }),
      merge: (saved, current) => {
        const { draft, keyTyped } = (saved ?? {}) as Saved
        if (!draft) return current
        const resumed = resumeDraft(draft, !!keyTyped)
        return { ...current, draft: resumed.draft, notice: resumed.notice, resumed: resumed.draft.choice !== null }
      }
    }
  )
)
