import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react'
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
  /** A form says whether it holds typing now (false when it goes): the page's leave guard follows it. */
  readonly typing: (form: symbol, typing: boolean) => void
}

export const HeldEntriesContext = createContext<HeldEntries | null>(null)

/**
 * For the page that creates: the context's value; `anyHeld()`, true when a form still holds typing (it has
 * said so); `anyTyping()`, the same without a word (a dialog closing asks first, as for its other changes);
 * `typing`, the same as state, for a leave guard: leaving the conversation dropped the typing without a word.
 */
export function useHeldEntries() {
  const checks = useRef(new Set<HeldCheck>())
  const [typingForms, setTypingForms] = useState<ReadonlySet<symbol>>(() => new Set())
  const value = useMemo<HeldEntries>(
    () => ({
      add: (check) => {
        checks.current.add(check)
        return () => void checks.current.delete(check)
      },
      typing: (form, typing) =>
        setTypingForms((s) => {
          if (s.has(form) === typing) return s
          const next = new Set(s)
          if (typing) next.add(form)
          else next.delete(form)
          return next
        })
    }),
    []
  )
  const ask = (say: boolean) => {
    for (const check of checks.current) if (check(say)) return true
    return false
  }
  return { value, anyHeld: () => ask(true), anyTyping: () => ask(false), typing: typingForms.size > 0 }
}

/** For a form: `check` (as of the last render) is asked before the page creates; it answers whether it holds typing. */
export function useHeldCheck(check: HeldCheck) {
  const held = useContext(HeldEntriesContext)
  const latest = useLatest(check)
  useEffect(() => held?.add((say) => latest.current(say)), [held, latest])
}

/** For a form: reports whether it holds typing now, and that it holds none once it goes. */
export function useHeldTyping(typing: boolean) {
  const held = useContext(HeldEntriesContext)
  const [form] = useState(() => Symbol('held form'))
  useEffect(() => held?.typing(form, typing), [held, form, typing])
  useEffect(() => () => held?.typing(form, false), [held, form])
}
