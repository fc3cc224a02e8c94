import { handTypingTo, holdTyping, stopHolding } from './dialog-typing'

/**
 * Keys pressed before the window is drawn. The page trades the UI address' one-time code, sends the
 * first screen's reads and loads the app's code before it draws anything (main.tsx, app-main.tsx): for
 * a few hundred ms there is no listener, and Ctrl+K (the search) and the words typed after it went
 * nowhere. From the page's first script on, the keys that type are held the way a dialog's are
 * (dialog-typing), and the shortcut is noted; once the window is drawn the shortcut opens the search,
 * and what was typed after it goes into the search box, as it would have had the window been there.
 */

let holding = false
let searchAsked = false

/** Ctrl/Cmd+K as the window's hotkey takes it (AppLayout's `mod+K`). */
const isSearchShortcut = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k'

/** The page's first script: keys are held from now until the window is drawn (typedBeforeDrawn). */
export function holdEarlyKeys(): void {
  if (holding) return
  holding = true
  holdTyping()
  window.addEventListener('keydown', onKey, true)
}

function onKey(e: KeyboardEvent) {
  if (!isSearchShortcut(e)) return
  // What was typed before the shortcut had nowhere to go (nothing drawn, nothing focused): the search
  // takes what comes after it, as a drawn window's box would.
  searchAsked = true
  stopHolding()
  holdTyping()
  e.preventDefault()
  e.stopImmediatePropagation()
}

/**
 * The window is drawn and its hotkeys listen. With the shortcut pressed before, `openSearch` opens the
 * search and gives its box (or null: it never came) to take the keys typed after the shortcut; else
 * the keys go to what has the focus, if it is a text field. Keys typed until then stay held.
 */
export function typedBeforeDrawn(openSearch: (then: (box: HTMLElement | null) => void) => void): void {
  if (!holding) return
  holding = false
  window.removeEventListener('keydown', onKey, true)
  if (!searchAsked) return handTypingTo(document.activeElement)
  searchAsked = false
  // Out of the drawing's effects, whence this is called: the search draws the list at once (flushSync), which cannot be done inside them.
  queueMicrotask(() => openSearch(handTypingTo))
}
