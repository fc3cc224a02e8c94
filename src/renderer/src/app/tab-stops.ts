import { tabbable } from 'tabbable'

/**
 * Whether Tab (Shift+Tab when `backwards`) from `from` reaches another control of the page rather than
 * leaving it (to the browser's own controls, or nowhere in an app's window). `except`: a part not counted
 * (a menu being closed). The page's Tab stops are tabbable's (in the tab order, enabled, not inert, drawn).
 */
export function hasTabStopBeyond(from: Element, backwards: boolean, except?: Element | null): boolean {
  const side = backwards ? Node.DOCUMENT_POSITION_PRECEDING : Node.DOCUMENT_POSITION_FOLLOWING
  return tabbable(from.ownerDocument.body).some(
    (el) => el !== from && !except?.contains(el) && (from.compareDocumentPosition(el) & side) !== 0
  )
}
