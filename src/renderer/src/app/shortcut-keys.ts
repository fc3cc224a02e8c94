import { awaitHolding } from './dialog-typing'
import { importAgain } from './import-again'

/*
 * The keys and the button that open the list of keyboard shortcuts (shortcuts.tsx). The list's code,
 * with the dialogs' (confirm.ts), is loaded when it is first asked for: the first screen loads no
 * dialog code (first-screen-chunks.test).
 */

/** Opens the list of shortcuts; keys typed while its code loads go to it, and an Escape then means it is not wanted. */
export function openShortcuts(): void {
  void awaitHolding(importShortcuts()).then((got) => got?.value.showShortcuts())
}
const importShortcuts = importAgain(() => import('./shortcuts'))

/** How to close the list while it is open (shortcuts.tsx tells it), else null. */
let closeShown: (() => void) | null = null

/** Told by the list as it opens (with how to close it) and as it closes (null). */
export function shortcutsShown(close: (() => void) | null): void {
  closeShown = close
}

/** Whether the list of shortcuts is open now. */
export const shortcutsOpen = (): boolean => closeShown !== null

/** Closes the list of shortcuts, if it is open. */
export function closeShortcuts(): void {
  closeShown?.()
}

const typingIn = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || el.matches('input, textarea, select, [role="textbox"], [role="combobox"]'))

/** In a dialog or a menu, "?" is theirs (a menu's type-ahead); the list would open over them. */
const inDialogOrMenu = (el: EventTarget | null) => el instanceof Element && el.closest('[role="dialog"], [role="menu"]') !== null

/** "?" outside a text field (there it is a character), Ctrl+/ (⌘/) anywhere: the list of shortcuts. */
export function onShortcutsKey(e: KeyboardEvent): void {
  if (e.defaultPrevented || e.isComposing || e.altKey) return
  const mod = e.ctrlKey || e.metaKey
  const asked = (mod && e.key === '/') || (!mod && e.key === '?' && !typingIn(e.target) && !inDialogOrMenu(e.target))
  if (!asked) return
  e.preventDefault()
  openShortcuts()
}
