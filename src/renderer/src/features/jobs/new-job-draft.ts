import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { emptyScope, type JobScope } from '../../../../shared/contract/scope'

interface NewJobDraft {
  readonly providerId: string | null
  readonly scope: JobScope
  readonly sheet: string
  readonly hidden: boolean
  readonly set: (patch: Partial<Pick<NewJobDraft, 'providerId' | 'scope' | 'sheet' | 'hidden'>>) => void
  readonly reset: () => void
}

/** The job being composed: kept when the operator leaves the page or reloads (sessionStorage). */
export const useNewJobDraft = create<NewJobDraft>()(
  persist(
    (set) => ({
      providerId: null,
      scope: emptyScope(),
      sheet: '',
      hidden: false,
      set: (patch) => set(patch),
      reset: () => set({ scope: emptyScope(), sheet: '', hidden: false })
    }),
    { name: 'nodedesk.newJobDraft', storage: createJSONStorage(() => sessionStorage) }
  )
)
