/** How long to wait for the focus to come back from a closing dialog (its transition) before giving up. */
const WAIT_MS = 3000

/** On the page's body, on an element no longer there, or on a control just disabled (the keys do nothing there). */
const lost = (el: Element | null) => !el || el === document.body || !el.isConnected || (el as HTMLButtonElement).disabled === true

/**
 * After something the focus was on is removed (a row deleted from its dialog): once the focus is
 * lost (on the page's body, or on an element no longer there), `target()` takes it. Meanwhile the
 * focus may still be in the closing dialog, or back on the control being removed (`leaving`): that
 * is waited for. Focus the operator put anywhere else is left where it is. Returns a function that
 * stops waiting.
 */
export function focusWhenLost(target: () => HTMLElement | null | undefined, leaving: (el: Element) => boolean = () => false): () => void {
  const until = Date.now() + WAIT_MS
  let timer: ReturnType<typeof setTimeout> | undefined
  const check = () => {
    // The page went while this waited (the window closing, a test's page torn down): nothing to focus.
    if (typeof document === 'undefined') return
    const el = document.activeElement
    if (lost(el)) {
      const to = target()
      if (to) return to.focus()
    } else if (!el!.closest('[role=dialog]') && !leaving(el!)) return
    if (Date.now() < until) timer = setTimeout(check, 50)
  }
  check()
  return () => clearTimeout(timer)
}

/**
 * A list item removed by its own button (`clicked`, marked `data-remove` as its siblings' are): once it
 * is gone, the focus goes to the button now in its place, else the one before it, else the first
 * control left in the list's section. The operator removing entries one after another stays in the list.
 * Only the latest removal decides: an earlier one still waiting (its row had not gone yet, or a row
 * drawn in its place kept the focus) took it later to its own place, a row away from the operator.
 */
export function focusAfterRemoving(clicked: HTMLElement): () => void {
  stopEarlierRemoval()
  const section = clicked.closest<HTMLElement>('section') ?? clicked.parentElement
  if (!section) return () => {}
  const at = [...section.querySelectorAll('[data-remove]')].indexOf(clicked)
  const stop = focusWhenLost(
    () => {
      const left = section.querySelectorAll<HTMLElement>('[data-remove]')
      return left[at] ?? left[at - 1] ?? section.querySelector<HTMLElement>('button:not(:disabled), input:not(:disabled)')
    },
    (el) => el === clicked
  )
  stopEarlierRemoval = stop
  return stop
}

let stopEarlierRemoval: () => void = () => {}
