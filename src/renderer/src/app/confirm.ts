import { modals } from '@mantine/modals'
import type { ModalSettings, OpenConfirmModal } from '@mantine/modals'

/**
 * The dialogs' provider mounts just after the window's first paint (after-first-paint.tsx): a dialog
 * asked for before that (from a key pressed as the first screen appears) would be an event nothing
 * listens to yet, and lost. It waits for the provider instead.
 */
let providerPending = false
const waiting: (() => void)[] = []

/** Called as the first screen renders without the provider: dialogs wait from then on. */
export function holdDialogs(): void {
  providerPending = true
}

/** Called once the provider listens: the dialogs asked for meanwhile open, in order. */
export function releaseDialogs(): void {
  providerPending = false
  for (const open of waiting.splice(0)) open()
}

const whenListened = (open: () => void) => (providerPending ? waiting.push(open) : open())

/**
 * Asks before an action that loses something. The dialog opens with the focus on the safe choice
 * (Cancel, Keep editing) rather than on its first control, the close button: Enter then keeps
 * everything, as a desktop app's confirmation does, and Escape still cancels. Every confirmation
 * goes through here so that none of them opens differently.
 */
export function askToConfirm(options: OpenConfirmModal): void {
  whenListened(() =>
    modals.openConfirmModal({
      ...options,
      // Mantine's focus trap focuses the first element marked data-autofocus, before any tabbable one.
      cancelProps: { ...options.cancelProps, 'data-autofocus': true } as OpenConfirmModal['cancelProps']
    })
  )
}

/** A dialog of the app's own content (a form), opened as askToConfirm's are. */
export function openDialog(settings: ModalSettings): void {
  whenListened(() => modals.open(settings))
}
