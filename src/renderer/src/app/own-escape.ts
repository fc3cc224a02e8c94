import { useEffect, type RefObject } from 'react'
import { useLatest } from './use-latest'

/**
 * An Escape that closes something: not one an input method composes with, nor one a control keeps as
 * its own (an open dropdown, marked as Mantine's listener honours).
 */
export const plainEscape = (e: { readonly key: string; readonly isComposing: boolean; readonly target: EventTarget | null }): boolean =>
  e.key === 'Escape' && !e.isComposing && !(e.target instanceof HTMLElement && e.target.dataset.mantineStopPropagation === 'true')

/**
 * Whether an Escape is for the dialog or drawer `inside` is in: not while another dialog is open over
 * it, nor when typed in one (that one's, already closed by it); a plain one (plainEscape). Decided as the key comes, from what is on the page:
 * a flag set once the dialog over it had opened came a render late, and an Escape typed as Edit scope
 * opened closed the drawer under it too.
 */
export function escapeIsFor(e: KeyboardEvent, inside: Element | null): boolean {
  if (!plainEscape(e)) return false
  // A dialog asked for from inside it, not drawn yet (Mantine draws it a render later, a while on a loaded machine).
  if (inside?.querySelector('[data-opens-dialog]')) return false
  const own = inside?.closest('[role="dialog"]') ?? null
  const target = e.target instanceof Element ? e.target : null
  const targetDialog = target?.closest('[role="dialog"]')
  if (targetDialog && targetDialog !== own) return false
  return [...document.querySelectorAll('[role="dialog"]')].every((d) => d === own)
}

/** While `opened`, an Escape for it (escapeIsFor) closes the dialog or drawer `inside` is in. */
export function useOwnEscape(opened: boolean, close: () => void, inside: RefObject<Element | null>): void {
  const latest = useLatest(close)
  useEffect(() => {
    if (!opened) return
    const onKey = (e: KeyboardEvent) => {
      if (escapeIsFor(e, inside.current)) latest.current()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [opened, inside, latest])
}
