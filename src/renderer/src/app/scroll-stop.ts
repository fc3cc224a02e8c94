import { useCallback, useLayoutEffect, useState, type RefObject } from 'react'

/** What Tab reaches inside a list (its own tab stop aside): controls, less those taken out of the Tab order. */
const REACHABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]'
]
  .map((s) => `${s}:not([tabindex^="-"])`)
  .join(', ')

/**
 * Whether a scrolling list must be a Tab stop itself: it scrolls and nothing inside it takes the
 * keyboard (a long question, an answer still streaming: no button yet), so without one a keyboard
 * user could not scroll it. Once it holds the focus it stays one until the focus leaves: taking the
 * Tab stop from the focused element would drop the focus to the page.
 */
export function needsScrollStop(list: HTMLElement): boolean {
  if (list.ownerDocument.activeElement === list) return true
  if (list.scrollHeight <= list.clientHeight + 1) return false
  return list.querySelector(REACHABLE) === null
}

/**
 * The list's own Tab stop while it needs one (above), checked after every render of the list (a
 * virtual list renders again as its rows change size, so a growing answer is seen). `recheck` is for
 * its blur handler: the stop it kept while focused goes once the focus has left.
 */
export function useScrollStop(ref: RefObject<HTMLElement | null>): { tabIndex: 0 | undefined; recheck: () => void } {
  const [stop, setStop] = useState(false)
  const recheck = useCallback(() => {
    const list = ref.current
    if (list) setStop(needsScrollStop(list))
  }, [ref])
  // Every render: what decides it (scroll height, rows' controls) is in the DOM, not in props.
  useLayoutEffect(recheck)
  return { tabIndex: stop ? 0 : undefined, recheck }
}
