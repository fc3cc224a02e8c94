/**
 * Keys typed while a dialog waits to be drawn. Its provider mounts from code loaded after the window's
 * first paint (confirm.ts, after-first-paint.tsx): Rename chosen in a row's menu before then, and the new
 * name typed at once, went to what had the focus (the row's link), and was lost; an Enter there opened
 * the conversation under the dialog. From the moment such a dialog is asked for, the keys that would
 * type are held here, and handed to the field the dialog focuses as it opens: a name typed goes into
 * it, Backspace takes back a letter, Enter then does what Enter does there (submits the form, presses
 * the button), and Escape means the dialog is not wanted after all.
 */

/**
 * Keys are held for this long at most: a dialog whose code cannot be loaded (the node restarting) must
 * not leave the keyboard dead. Those held by then still go to the dialog when it opens.
 */
const HOLD_MS = 5000

interface Held {
  text: string
  enter: boolean
  escape: boolean
  readonly until: number
}

let held: Held | undefined

/** A dialog waits to be drawn: the keys typed from now on are held for it. */
export function holdTyping(): void {
  // A hold past its time (its dialog never drawn) is over: a new one starts.
  if (held && Date.now() <= held.until) return
  held = { text: '', enter: false, escape: false, until: Date.now() + HOLD_MS }
  window.addEventListener('keydown', onKey, true)
}

/** Escape was pressed while the dialog waited: it is not opened. */
export const typingEscaped = (): boolean => !!held?.escape

/**
 * The dialog is drawn and `field` has the focus: the keys held go there, as if typed in it. Ends the
 * holding (nothing more to hand when `field` is not a text field).
 */
export function handTypingTo(field: Element | null): void {
  const h = stopHolding()
  if (!h) return
  if (h.text && isTextField(field)) {
    const start = field.selectionStart ?? field.value.length
    const end = field.selectionEnd ?? field.value.length
    const value = field.value.slice(0, start) + h.text + field.value.slice(end)
    const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
    // The element's own setter, so React's onChange sees a change (its tracker holds the value React last set).
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value)
    field.setSelectionRange(start + h.text.length, start + h.text.length)
    field.dispatchEvent(new Event('input', { bubbles: true }))
  }
  if (!h.enter) return
  if (field instanceof HTMLInputElement && field.form) field.form.requestSubmit()
  else if (field instanceof HTMLButtonElement) field.click()
}

/**
 * Waits for `work` (the node asked, code loaded) before a dialog is asked for, the keys typed meanwhile
 * held for it: an Escape then was lost on the page, and the dialog opened after it and stayed. Gives
 * what `work` gave, the keys still held for the dialog; undefined, the holding over, when Escape was
 * pressed meanwhile (the dialog is not wanted) or `work` failed.
 */
export async function awaitHolding<T>(work: Promise<T>): Promise<{ value: T } | undefined> {
  holdTyping()
  const got = await work.then(
    (value) => ({ value }),
    () => undefined
  )
  if (got && !typingEscaped()) return got
  stopHolding()
  return undefined
}

/** Stops holding (the dialog was drawn, or dropped); returns what was held. */
export function stopHolding(): Held | undefined {
  const h = held
  held = undefined
  window.removeEventListener('keydown', onKey, true)
  return h
}

const isTextField = (el: Element | null): el is HTMLInputElement | HTMLTextAreaElement =>
  el instanceof HTMLTextAreaElement ||
  (el instanceof HTMLInputElement && ['text', 'search', 'email', 'url', 'tel', 'password', ''].includes(el.type))

function onKey(e: KeyboardEvent) {
  const h = held
  // Past the time, keys go where the focus is again (what was held still goes to the dialog).
  if (!h || Date.now() > h.until) return
  // Shortcuts are not typing; keys an input method is composing with are its own.
  if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return
  if (h.enter || h.escape) {
    // After Enter or Escape the keys wait for what those did (the dialog opened or dropped).
    if ([...e.key].length !== 1 && e.key !== 'Backspace') return
  } else if ([...e.key].length === 1) h.text += e.key
  else if (e.key === 'Backspace') h.text = Array.from(h.text).slice(0, -1).join('')
  else if (e.key === 'Enter') h.enter = true
  else if (e.key === 'Escape') h.escape = true
  else return
  e.preventDefault()
  e.stopImmediatePropagation()
}
