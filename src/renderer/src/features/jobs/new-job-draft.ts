import { create } from 'zustand'
import { persist, type PersistStorage } from 'zustand/middleware'
import { parseExactJson } from '../../../../shared/exact-json'
import { emptyScope, type JobScope } from '../../../../shared/contract/scope'
import { NETWORK_START, type NetworkTyping } from './network-typing'

interface NewJobDraft {
  readonly providerId: string | null
  readonly scope: JobScope
  readonly sheet: string
  readonly hidden: boolean
  /** A network folder typed but not added yet: kept with the rest (leaving the page lost it without a word). */
  readonly networkTyping: NetworkTyping
  readonly set: (patch: Partial<Pick<NewJobDraft, 'providerId' | 'scope' | 'sheet' | 'hidden' | 'networkTyping'>>) => void
  readonly reset: () => void
}

type KeptDraft = Pick<NewJobDraft, 'providerId' | 'scope' | 'sheet' | 'hidden' | 'networkTyping'>

/**
 * sessionStorage read exactly: an imported entry's metadata may hold a whole number past 2^53, which
 * JSON.parse (zustand's own JSON storage) would round when the page is reloaded.
 */
const exactSessionStorage: PersistStorage<KeptDraft> = {
  getItem: (name) => {
    const text = sessionStorage.getItem(name)
    return text === null ? null : (parseExactJson(text) as ReturnType<PersistStorage<KeptDraft>['getItem']>)
  },
  setItem: (name, value) => sessionStorage.setItem(name, JSON.stringify(value)),
  removeItem: (name) => sessionStorage.removeItem(name)
}

/** The job being composed: kept when the operator leaves the page or reloads (sessionStorage). */
export const useNewJobDraft = create<NewJobDraft>()(
  persist(
    (set) => ({
      providerId: null,
      scope: emptyScope(),
      sheet: '',
      hidden: false,
      networkTyping: NETWORK_START,
      set: (patch) => set(patch),
      reset: () => set({ scope: emptyScope(), sheet: '', hidden: false, networkTyping: NETWORK_START })
    }),
    { name: 'nodedesk.newJobDraft', storage: exactSessionStorage }
  )
)
