/*
 * The focus a window gives back when it is active again: Chromium focuses the element that had the focus
 * when the operator switched to another app, with the usual focus events, so a handler cannot tell it
 * from a focus moved within the page. This remembers that element while the window is away.
 */

let heldWhileAway: Element | null = null
let watching = false

function watch(win: Window): void {
  if (watching) return
  watching = true
  // Capturing listeners see the elements' blur and focus too: only the window's own count.
  win.addEventListener(
    'blur',
    (e) => {
      if (e.target === win) heldWhileAway = win.document.activeElement
    },
    true
  )
  win.addEventListener(
    'focus',
    (e) => {
      // Cleared after the element's own focus event, whichever of the two Chromium sends first.
      if (e.target === win) setTimeout(() => (heldWhileAway = null))
    },
    true
  )
}

/** Starts watching the window (once); the lists call it as they mount. */
export const watchWindowReturn = (win: Window = window) => watch(win)

/** Whether `target` is taking the focus back as the window becomes active again (not moved to it in the page). */
export const isWindowReturn = (target: EventTarget | null): boolean => target !== null && target === heldWhileAway
