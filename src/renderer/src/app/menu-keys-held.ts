/**
 * Keys pressed after a menu was asked for from the keyboard and before it is drawn, its code still
 * loading (a row's menu is made from code loaded when the list is shown: Shift+F10 pressed before it
 * had come). They went to the row that opened it: ArrowDown moved to the next row, Enter opened the
 * conversation, and the menu then opened over somewhere else. They are held here and pressed again in
 * the menu once it is drawn, its first item focused (menu-at-once): the menu does what they would
 * have done had they come after it.
 */

/**
 * Keys are held this long at most: a menu whose code cannot be loaded (the node restarting) must not
 * leave the keyboard dead.
 */
const HOLD_MS = 5000

/** The keys a menu takes (moving among its items, choosing one, closing it). */
const MENU_KEYS = new Set(['ArrowUp', 'ArrowDown', 'Home', 'End', 'Enter', ' ', 'Escape', 'Tab'])

interface Held {
  readonly keys: { readonly key: string; readonly code: string; readonly shiftKey: boolean }[]
  readonly until: number
}

let held: Held | undefined

/** A menu was asked for and is not drawn yet: the keys it would take are held for it. */
export function holdMenuKeys(): void {
  if (held) return
  held = { keys: [], until: Date.now() + HOLD_MS }
  window.addEventListener('keydown', onKey, true)
  window.addEventListener('pointerdown', dropMenuKeys, true)
}

/** The menu is drawn and its item has the focus: the keys held are pressed there, in order. */
export function pressHeldMenuKeys(): void {
  const h = held
  dropMenuKeys()
  if (!h) return
  for (const { key, code, shiftKey } of h.keys) {
    const at = document.activeElement
    if (!(at instanceof HTMLElement) || at === document.body) return
    const event = new KeyboardEvent('keydown', { key, code, shiftKey, bubbles: true, cancelable: true })
    // A pressed key's own action (Enter or Space on a button clicks it) is not a dispatched event's: done here.
    if (at.dispatchEvent(event) && (key === 'Enter' || key === ' ') && at instanceof HTMLButtonElement) at.click()
  }
}

/** Nothing to hold any more (the menu was not made, or the pointer was used meanwhile). */
export function dropMenuKeys(): void {
  held = undefined
  window.removeEventListener('keydown', onKey, true)
  window.removeEventListener('pointerdown', dropMenuKeys, true)
}

function onKey(e: KeyboardEvent) {
  const h = held
  if (!h || Date.now() > h.until) return void dropMenuKeys()
  if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing || !MENU_KEYS.has(e.key)) return
  h.keys.push({ key: e.key, code: e.code, shiftKey: e.shiftKey })
  e.preventDefault()
  e.stopImmediatePropagation()
}
