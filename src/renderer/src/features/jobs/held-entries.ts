import { createContext, useContext, useEffect, useMemo, useRef } from 'react'
import { useLatest } from '../../app/use-latest'

/**
 * Entries typed into a scope's form but not yet added with its Add button (a network folder's path):
 * Create job ignored them without a word, and the job was made without the folder the operator had
 * typed. A form with typing in it registers a check; the page asks them all before it creates, and a
 * form holding typing says on its field what to do (the typing is kept) and takes the focus.
 */
/** `say`: whether a form holding typing says so on its field and takes the focus (false: only answers). */
type HeldCheck = (say: boolean) => boolean

interface HeldEntries {
  readonly add: (check: HeldCheck) => () => void
}

export const HeldEntriesContext = createContext<HeldEntries | null>(null)

/**
 * For the page that creates: the context's value; `anyHeld()`, true when a form still holds typing (it has
 * said so); `anyTyping()`, the same without a word (a dialog closing asks first, as for its other changes).
 */
export function useHeldEntries() {
  const checks = useRef(new Set<HeldCheck>())
  const value = useMemo<HeldEntries>(
    () => ({
      add: (check) => {
        checks.current.add(check)
        return () => void checks.current.delete(check)
      }
    }),
    []
  )
  const ask = (say: boolean) => {
    for (const check of checks.current) if (check(say)) return true
    return false
  }
  return { value, anyHeld: () => ask(true), anyTyping: () => ask(false) }
}

/** For a form: `check` (as of the last render) is asked before the page creates; it answers whether it holds typing. */
export function useHeldCheck(check: HeldCheck) {
  const held = useContext(HeldEntriesContext)
  const latest = useLatest(check)
  useEffect(() => held?.add((say) => latest.current(say)), [held, latest])
}
