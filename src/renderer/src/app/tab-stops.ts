/** Elements that can be Tab stops; each is checked (isTabStop) before it counts. */
const CANDIDATES = 'a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]'

/** Whether Tab can land on `el`: in the tab order, enabled, not inert, and drawn. */
function isTabStop(el: HTMLElement): boolean {
  if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || (el as HTMLInputElement).type === 'hidden') return false
  if (el.closest('[inert], fieldset[disabled]')) return false
  return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden'
}

/**
 * Whether Tab (Shift+Tab when `backwards`) from `from` reaches another control of the page rather than
 * leaving it (to the browser's own controls, or nowhere in an app's window). `except`: a part not counted
 * (a menu being closed). Positive tabindex values are not used in this app: document order is tab order.
 */
export function hasTabStopBeyond(from: Element, backwards: boolean, except?: Element | null): boolean {
  const side = backwards ? Node.DOCUMENT_POSITION_PRECEDING : Node.DOCUMENT_POSITION_FOLLOWING
  for (const el of from.ownerDocument.querySelectorAll<HTMLElement>(CANDIDATES)) {
    if (el === from || except?.contains(el)) continue
    if (from.compareDocumentPosition(el) & side && isTabStop(el)) return true
  }
  return false
}
