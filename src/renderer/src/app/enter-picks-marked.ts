import type { KeyboardEvent } from 'react'

/**
 * Enter in a Mantine Select's box picks the option marked in its open list: a capture handler
 * (`onKeyDownCapture`) that clicks that option itself and keeps the key from Mantine's own handler.
 *
 * Mantine keeps the index Enter picks apart from the mark the arrows move, and a searchable Select
 * opened on focus sets that index to the chosen option a timer after opening. On a busy page (an answer
 * being drawn) the browser handles keys before timers: an arrow pressed right after the focus moved the
 * mark, the timer then moved the index back, and Enter picked the option chosen before (the provider
 * was not switched, with the other one shown highlighted).
 */
export function pickMarkedOptionOnEnter(e: KeyboardEvent<HTMLInputElement>): void {
  // Keys an input method composes with are its own (Safari tells them by keyCode 229).
  if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.nativeEvent.keyCode === 229) return
  const box = e.currentTarget
  const listId = box.getAttribute('aria-controls')
  if (!listId || box.getAttribute('aria-expanded') !== 'true') return
  const marked = document.getElementById(listId)?.querySelector<HTMLElement>('[data-combobox-option][data-combobox-selected]')
  if (!marked || marked.hasAttribute('data-combobox-disabled')) return
  e.preventDefault()
  e.stopPropagation()
  marked.click()
}
