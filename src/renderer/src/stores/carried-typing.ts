import { focusComposerOnOpen } from './composer-focus'
import { draftOf, keepDraft } from './drafts'

/**
 * What is typed while Alt+Up/Down moves from one conversation's message box to the next one's.
 *
 * The next conversation is drawn a task or more after the key (on the address' hashchange, once its
 * messages are read), and until then the focus stays in the box being left (or falls to the page when
 * that box goes first). Letters typed right after Alt+Down went into the conversation being left and
 * were kept as its draft. From the key on, the keys that would write in the box being left (or on
 * the page, its box gone) are held here instead, and handed to the next conversation's box as it
 * opens: the operator's typing goes on where they moved to.
 *
 * Held keys end up somewhere in every case: in the box opened; back in the box left when no
 * conversation was opened after all (the end of the list); in the opened conversation's draft when
 * the focus goes elsewhere before its box comes.
 */
interface Carried {
  /** The conversation left, and its message box. */
  readonly from: string
  readonly box: HTMLElement
  /** The conversation being opened (undefined: still being looked for, the next page read first). */
  to: string | undefined
  text: string
}

let carried: Carried | undefined
/**
 * A word an input method composes in a message box while keys are held (its keys cannot be held: the
 * composition is the browser's): the box and its text before it began.
 */
let composing: { readonly box: HTMLTextAreaElement; readonly value: string; readonly start: number; readonly end: number } | undefined
/** The message boxes shown now, by conversation. */
const boxes = new Map<string, HTMLTextAreaElement>()
/**
 * Alt+Up/Down presses not done yet (reading the conversation they open, or waiting behind such a
 * read): a conversation opened on the way is passed through, and its box does not take the keys held.
 */
let movesAhead = 0

/** How many presses are not done yet (see conversation-keys). */
export function setMovesAhead(n: number): void {
  movesAhead = n
}

/** Whether keys are being held for a conversation being opened. */
export const carrying = (): boolean => carried !== undefined

/** Alt+Up/Down pressed in `box`, the message box of `from`: the keys typed from now on are held. */
export function startCarrying(from: string, box: HTMLElement): void {
  if (carried) return
  carried = { from, box, to: undefined, text: '' }
  window.addEventListener('keydown', onKey, true)
  window.addEventListener('focusin', onFocus, true)
  window.addEventListener('compositionstart', onCompositionStart, true)
  window.addEventListener('input', onInput, true)
  window.addEventListener('compositionend', onCompositionEnd, true)
}

/** The conversation the held keys go to (a further Alt+Up/Down moves them along). Its box takes the focus as it opens. */
export function carryTo(to: string): void {
  if (!carried) return
  carried.to = to
  focusComposerOnOpen(to)
  // Back to a conversation still shown (Alt+Down then Alt+Up before the view followed): its box is there.
  if (boxes.has(to) && movesAhead === 0) endCarrying()
}

/**
 * The presses are done: with no conversation opened after all (none below the last one) the held keys
 * go back where they were typed; with the last one opened already shown, into its box. Else its box
 * takes them as it comes.
 */
export function carryBack(): void {
  if (!carried || movesAhead > 0) return
  if (carried.to === undefined || boxes.has(carried.to)) endCarrying()
}

/**
 * The held keys for `inboxId`'s box as it is drawn (read while drawing; taken by composerShown). None
 * while presses are still under way: a conversation drawn then is passed through, and a box drawn
 * with the letters kept them as its draft while they went on to the last conversation's box too.
 */
export const carriedFor = (inboxId: string): string => (carried?.to === inboxId && movesAhead === 0 ? carried.text : '')

/**
 * `inboxId`'s message box is shown (after its first drawing, which took carriedFor into its text as
 * `took`): the keys held for it are taken, those typed since that drawing too (a loaded machine can
 * deliver keys between the drawing and this call: they were held, and were lost with the holding).
 * Returns the function to call when it goes.
 */
export function composerShown(inboxId: string, box: HTMLTextAreaElement, took = ''): () => void {
  boxes.set(inboxId, box)
  const c = carried
  if (c?.to === inboxId && movesAhead === 0) {
    stop()
    if (c.text !== took && box.value.endsWith(took)) setBoxText(box, box.value.slice(0, box.value.length - took.length) + c.text)
  }
  return () => {
    if (boxes.get(inboxId) === box) boxes.delete(inboxId)
    // Gone in the middle of a word an input method was composing in it (its input events kept from the
    // box's owner, its end never to come): the word so far stays in this conversation's draft, where it
    // was typed, as it would have had nothing been held.
    if (composing?.box === box) {
      composing = undefined
      keepDraft(inboxId, box.value)
    }
  }
}

function stop() {
  carried = undefined
  // A word being composed goes on in its box, whose owner now hears of it: first of what it kept from
  // it so far, which then stays in that box's draft even if the box goes before the word ends.
  const was = composing
  composing = undefined
  if (was?.box.isConnected) was.box.dispatchEvent(new Event('input', { bubbles: true }))
  window.removeEventListener('keydown', onKey, true)
  window.removeEventListener('focusin', onFocus, true)
  window.removeEventListener('compositionstart', onCompositionStart, true)
  window.removeEventListener('input', onInput, true)
  window.removeEventListener('compositionend', onCompositionEnd, true)
}

/** The held keys go to the box of the conversation they were meant for if it is shown, else to its draft. */
function endCarrying() {
  const c = carried
  if (!c) return
  stop()
  if (!c.text) return
  const to = c.to ?? c.from
  const box = boxes.get(to)
  if (box) insertAtEnd(box, c.text)
  else keepDraft(to, draftOf(to) + c.text)
}

/**
 * As if typed at the end of the box: its own input event tells the box's owner (React's onChange, which
 * tells a change by the value React last set: the element's own setter would update that too).
 */
function insertAtEnd(box: HTMLTextAreaElement, text: string) {
  setBoxText(box, box.value + text)
}

/** The box's whole text set as if typed, the caret at its end (see insertAtEnd). */
function setBoxText(box: HTMLTextAreaElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(box, value)
  box.setSelectionRange(value.length, value.length)
  box.dispatchEvent(new Event('input', { bubbles: true }))
}

const onPage = (t: EventTarget | null) => t === null || t === document.body || t === document.documentElement
/** A message box: the one left, or one of a conversation passed through on the way (its box shown, focused). */
const inMessageBox = (t: EventTarget | null) => t instanceof HTMLElement && t.dataset.conversationKeys !== undefined

function onKey(e: KeyboardEvent) {
  const c = carried
  if (!c) return
  // Alt+Up/Down go on to their listener (they move the held keys along); a shortcut is not typing.
  if (e.altKey || e.ctrlKey || e.metaKey || e.isComposing) return
  if (e.target !== c.box && !onPage(e.target) && !inMessageBox(e.target)) return endCarrying()
  if ([...e.key].length === 1 || (e.key === 'Enter' && e.shiftKey)) {
    c.text += e.key === 'Enter' ? '\n' : e.key
  } else if (e.key === 'Backspace') {
    c.text = Array.from(c.text).slice(0, -1).join('')
  } else if (e.key !== 'Enter') {
    return
  }
  // Held, not written in the box being left. Enter alone (Send) sends nothing to a conversation not seen yet.
  e.preventDefault()
  e.stopImmediatePropagation()
}

/** The focus put elsewhere (a click in the list, Tab): the keys held so far go where they were meant to. */
function onFocus(e: FocusEvent) {
  const c = carried
  if (!c || e.target === c.box || onPage(e.target) || inMessageBox(e.target)) return
  endCarrying()
}

/**
 * An input method composing in the box being left (or one passed through) right after Alt+Up/Down: its
 * text, written into that box, was kept as that conversation's draft. Its input events are kept from
 * the box's owner while it composes; the word it ends with is held with the keys, and the box gets its
 * text back.
 */
function onCompositionStart(e: CompositionEvent) {
  const c = carried
  if (!c || !(e.target instanceof HTMLTextAreaElement) || (e.target !== c.box && !inMessageBox(e.target))) return
  const { value, selectionStart: start, selectionEnd: end } = e.target
  composing = { box: e.target, value, start, end }
}

function onInput(e: Event) {
  if (composing && e.target === composing.box) e.stopImmediatePropagation()
}

function onCompositionEnd(e: CompositionEvent) {
  const c = carried
  const was = composing
  if (!c || !was || e.target !== was.box) return
  composing = undefined
  // The word is what took the place of the selection it began on.
  const now = was.box.value
  c.text += now.slice(was.start, now.length - (was.value.length - was.end))
  // Its text as the box's owner last set it (through the element's own setter: nothing tells the owner, who saw no change).
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(was.box, was.value)
  was.box.setSelectionRange(was.value.length, was.value.length)
}
