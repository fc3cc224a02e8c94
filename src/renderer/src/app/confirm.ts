import { modals } from '@mantine/modals'
import { focusBackTo } from './focus-stand-in'
import type { ModalSettings, OpenConfirmModal } from '@mantine/modals'
import { handTypingTo, holdTyping, stopHolding, typingEscaped } from './dialog-typing'
import { focusWhenLost } from './focus-when-lost'
import { createElement, Fragment, type ReactNode } from 'react'

/**
 * The dialogs' provider mounts just after the window's first paint (after-first-paint.tsx): a dialog
 * asked for before that (from a key pressed as the first screen appears) would be an event nothing
 * listens to yet, and lost. It waits for the provider instead.
 */
let providerPending = false
/** Each dialog asked for while the provider was pending: how to open it, and what to tell if it is dropped. */
const waiting: { readonly open: () => void; readonly dropped: () => void }[] = []

/** Called as the first screen renders without the provider: dialogs wait from then on. */
export function holdDialogs(): void {
  providerPending = true
}

/**
 * Called once the provider listens: the dialogs asked for meanwhile open, in order, with the keys typed
 * since (dialog-typing); none of them when Escape was pressed meanwhile, each then told it was closed
 * as if cancelled (a caller waiting on its answer, a drag's move, gets one).
 */
export function releaseDialogs(): void {
  providerPending = false
  const asked = waiting.splice(0)
  if (typingEscaped()) {
    stopHolding()
    for (const { dropped } of asked) dropped()
    return
  }
  for (const { open } of asked) open()
}

const whenListened = (open: () => void, dropped: () => void) => {
  if (!providerPending) return open()
  waiting.push({ open, dropped })
  holdTyping()
}

/**
 * Mantine draws a dialog a frame after it is asked for (its opening transition starts on an animation
 * frame) and its focus trap focuses it a timer after that: keys pressed right after opening one (a new
 * name typed at once after choosing Rename) went to what opened it, or to the page, and were lost.
 * Dialogs open with no transition, drawn in the task that asks for them, and the element they focus
 * first (marked data-autofocus, else the first there is) takes the focus before the next key.
 */
const AT_ONCE = { transitionProps: { duration: 0 } }

/**
 * A dialog's own content ends with this mark: it tells `drawn` the dialog it is in, once that is in the
 * page (a ref is set as React puts it there).
 */
const drawnMark = (drawn: (dialog: HTMLElement | null) => void) =>
  createElement('span', {
    hidden: true,
    ref: (mark: HTMLSpanElement | null) => {
      // Just after React's commit (before any key): handed keys then type into the field, and Enter
      // submits what they typed, as React takes its change first outside a commit.
      if (mark) queueMicrotask(() => drawn(mark.closest<HTMLElement>('[role="dialog"]')))
    }
  })

let asked = 0

/**
 * The page the window shows, as the router writes its address (given by router.ts as it loads, which
 * knows the address a guarded page keeps shown while leaving it is asked: leave-guard.tsx).
 */
let pageShown = (): string => window.location.hash

/** Called by the router as it loads: dialogs close when the page it shows changes (see `closedWithPage`). */
export function dialogsFollowPage(page: () => string): void {
  pageShown = page
}

/**
 * A dialog is about the page it was opened on (the inboxes, the file, the provider it names): the page
 * changing under it (the browser's Back or Forward, Alt+Left, a link, a shortcut) closes it as a
 * cancel, nothing done. It stayed open, and confirming it then acted from another page on what it
 * named. The leave guard's own question is not closed by the trip back to the guarded page (the page
 * shown stays that page). Returns what stops the watch.
 */
function closedWithPage(id: string, cancel: (() => void) | undefined): () => void {
  const page = pageShown()
  const onChange = () => {
    if (pageShown() === page) return
    window.removeEventListener('hashchange', onChange)
    cancel?.()
    modals.close(id)
  }
  window.addEventListener('hashchange', onChange)
  return () => window.removeEventListener('hashchange', onChange)
}

/**
 * Opens a dialog with `children` as its content and focuses it once it is drawn: in the task that asks
 * for it after a click or a key, but a task later when asked for after a wait (the node asked first,
 * code loaded): an Escape pressed in between landed on the page, and the dialog opened after it and
 * stayed. The keys typed until it is drawn are held (dialog-typing): typing goes into it, and an
 * Escape closes it as it appears (as if pressed in it: its onClose is told).
 */
function openDrawn(
  modalId: string | undefined,
  children: ReactNode,
  onClose: (() => void) | undefined,
  onCancel: (() => void) | undefined,
  open: (id: string, children: ReactNode, onClose: () => void) => void
): void {
  const id = modalId ?? `nodedesk-dialog-${++asked}`
  const unwatch = closedWithPage(id, onCancel)
  holdTyping()
  let done = false
  let wentIn = false
  const drawn = (dialog: HTMLElement | null) => {
    // Once: drawn again (a question asked over it, then gone), the focus is where the operator left it.
    if (done) return
    done = true
    if (typingEscaped()) {
      stopHolding()
      return void modals.close(id)
    }
    if (dialog && !dialog.contains(document.activeElement)) {
      const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE)
      first?.focus({ preventScroll: true })
    }
    wentIn = !!dialog?.contains(document.activeElement)
    // Typed while it waited: the keys go on in it.
    handTypingTo(wentIn ? document.activeElement : null)
  }
  open(
    id,
    createElement(Fragment, null, children, drawnMark(drawn)),
    backToOpener(
      () => {
        unwatch()
        onClose?.()
      },
      () => !wentIn
    )
  )
  // Not drawn (Mantine ignores a dialog asked for again under an id already open): the keys are the page's again.
  setTimeout(() => {
    if (done) return
    done = true
    handTypingTo(null)
  }, NOT_DRAWN_MS)
}

/** A dialog not drawn by then is not coming. */
const NOT_DRAWN_MS = 1000

/**
 * Mantine hands the focus back to what opened a dialog only after its closing transition, and with
 * none (AT_ONCE) it did not: after Escape the focus was on the page. The control focused when the
 * dialog was asked for takes it back once it is lost, unless the dialog's own onClose put it
 * elsewhere first (focusWhenLost leaves a focus that is not lost alone). Closed before the focus went
 * in (`neverIn`: an Escape typed as it opened), the focus is still on the opener: Mantine's focus trap
 * may yet move it into the closing dialog a timer later, and it was left on the page's body; that is
 * waited for too.
 */
function backToOpener(onClose: (() => void) | undefined, neverIn: () => boolean): () => void {
  const active = document.activeElement
  const opener = active instanceof HTMLElement && active !== document.body ? active : null
  // Hidden or gone meanwhile (the window made narrower), the control standing in for it.
  const back = opener && focusBackTo(opener)
  return () => {
    onClose?.()
    const waitOnOpener = neverIn()
    if (opener && back)
      focusWhenLost(
        () => back(),
        (el) => waitOnOpener && el === opener
      )
  }
}

const FOCUSABLE = 'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), a[href], [tabindex="0"]'

/**
 * Asks before an action that loses something. The dialog opens with the focus on the safe choice
 * (Cancel, Keep editing) rather than on its first control, the close button: Enter then keeps
 * everything, as a desktop app's confirmation does, and Escape still cancels. Every confirmation
 * goes through here so that none of them opens differently.
 */
export function askToConfirm(options: OpenConfirmModal): void {
  whenListened(
    () => {
      openDrawn(options.modalId, options.children, options.onClose, options.onCancel, (modalId, children, onClose) =>
        modals.openConfirmModal({
          ...AT_ONCE,
          ...options,
          modalId,
          children,
          onClose,
          // Mantine's focus trap focuses the first element marked data-autofocus, before any tabbable one.
          cancelProps: { ...options.cancelProps, 'data-autofocus': true } as OpenConfirmModal['cancelProps']
        })
      )
    },
    () => {
      options.onCancel?.()
      options.onClose?.()
    }
  )
}

/** A dialog of the app's own content (a form), opened as askToConfirm's are. */
export function openDialog(settings: ModalSettings): void {
  whenListened(
    () => {
      openDrawn(settings.modalId, settings.children, settings.onClose, undefined, (modalId, children, onClose) =>
        modals.open({ ...AT_ONCE, ...settings, modalId, children, onClose })
      )
    },
    () => settings.onClose?.()
  )
}
