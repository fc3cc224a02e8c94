import { useEffect, type RefObject } from 'react'
import { useLatest } from './use-latest'

/** Parts of the page hidden on some window sizes, with the control that stands in for them there. */
const standIns = new WeakMap<Element, () => HTMLElement | null | undefined>()

/**
 * `region` is hidden on some window sizes (a list beside the conversation, a drawer's button then):
 * a focus handed back to a control in it while it is hidden (a dialog asked from one of its rows,
 * closed after the window was made narrower) goes to `standIn` instead. A hidden control takes no
 * focus, and it was left on the page's body: Tab started again from the top of the window.
 */
export function useFocusStandIn(region: RefObject<Element | null>, standIn: () => HTMLElement | null | undefined): void {
  const latest = useLatest(standIn)
  useEffect(() => {
    const el = region.current
    if (!el) return
    standIns.set(el, () => latest.current())
    return () => void standIns.delete(el)
  })
}

/**
 * Where a focus handed back to `el` goes, decided when asked: `el` if it can take it then; else, `el`
 * hidden or gone (a virtual list hidden draws no rows), the control standing in for the hidden part it
 * was in when this was called; else `el` while it is there, else nothing.
 */
export function focusBackTo(el: HTMLElement): () => HTMLElement | null {
  const chain: (() => HTMLElement | null | undefined)[] = []
  for (let at: Element | null = el; at; at = at.parentElement) {
    const standIn = standIns.get(at)
    if (standIn) chain.push(standIn)
  }
  return () => {
    if (el.isConnected && el.checkVisibility()) return el
    for (const standIn of chain) {
      const to = standIn()
      if (to?.checkVisibility()) return to
    }
    return el.isConnected ? el : null
  }
}

/** `el` if it can take the focus as the page is now, else the control standing in for the hidden part it is in. */
export function focusableNow(el: HTMLElement): HTMLElement {
  return focusBackTo(el)() ?? el
}
