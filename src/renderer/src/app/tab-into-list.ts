/**
 * Tab into a virtual list scrolled far from its start. The browser's next Tab stop is the first
 * control of the first row in the page, and a virtual list draws rows a little beyond its view
 * (overscan): Tab focused a control just above the view and the list jumped there, away from the
 * messages being read. These helpers find a control in view instead, the first one when the focus
 * comes in forward (Tab), the last one when it comes in backward (Shift+Tab).
 */

const TABBABLE = 'button:not([disabled]), a[href], input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]'

/** Whether a Tab key press is moving the focus now (set while its keydown is dispatched, cleared after). */
let tabbing = false
let listening = false

function listenForTab(win: Window) {
  if (listening) return
  listening = true
  // Capture, so a handler that stops the key's propagation does not hide it; the focus moves in the
  // key's default action, in the same task, so a timer clears the mark once that is done.
  win.addEventListener(
    'keydown',
    (e) => {
      if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return
      tabbing = true
      win.setTimeout(() => (tabbing = false))
    },
    true
  )
}

const wholly = (el: HTMLElement, view: DOMRect) => {
  const r = el.getBoundingClientRect()
  return r.height > 0 && r.top >= view.top - 1 && r.bottom <= view.bottom + 1
}

/** The control to focus when Tab brings the focus into `list` (forward) or Shift+Tab does (backward). */
export function entryControl(list: HTMLElement, forward: boolean): HTMLElement | null {
  const view = list.getBoundingClientRect()
  const controls = [...list.querySelectorAll<HTMLElement>(TABBABLE)].filter((c) => c.tabIndex >= 0)
  const shown = controls.filter((c) => wholly(c, view))
  if (shown.length) return forward ? shown[0]! : shown[shown.length - 1]!
  // None wholly in view (one long message fills it): the nearest one beyond it in the direction of travel.
  return forward
    ? (controls.find((c) => c.getBoundingClientRect().top >= view.top) ?? null)
    : (controls.findLast((c) => c.getBoundingClientRect().bottom <= view.bottom) ?? null)
}

/**
 * Keeps the focus, and the list's place, in view when Tab or Shift+Tab brings it in from outside.
 * Call from the list's focus handler with the scroll position it last settled at (read in its
 * scroll handler): the browser may have scrolled toward the control before telling of the focus.
 * Returns true when it moved the focus (the caller then ignores this focus event).
 */
export function keepTabEntryInView(list: HTMLElement, target: HTMLElement, from: EventTarget | null, settledTop: number): boolean {
  listenForTab(list.ownerDocument.defaultView ?? window)
  if (!tabbing || !(from instanceof Node) || list.contains(from)) return false
  if (list.scrollTop !== settledTop) list.scrollTop = settledTop
  if (wholly(target, list.getBoundingClientRect())) return false
  const forward = (from.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
  const to = entryControl(list, forward)
  if (!to) return false
  if (to === target) {
    // The browser's own choice, out of view (none is wholly in it): the place restored above hid it,
    // and the focus stayed out of sight. It is shown as the browser had it, nearest edge first.
    target.scrollIntoView({ block: 'nearest' })
    return false
  }
  // A control beyond the view (none is wholly in it) is scrolled to, as far as it takes: a focus out of sight shows nothing.
  to.focus({ preventScroll: wholly(to, list.getBoundingClientRect()) })
  return true
}

/** Starts listening for Tab at once (a list may get the focus before its first focus event could). */
export const watchTabKey = (win: Window) => listenForTab(win)
