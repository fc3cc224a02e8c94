import { modals } from '@mantine/modals'
import type { OpenConfirmModal } from '@mantine/modals'

/**
 * Asks before an action that loses something. The dialog opens with the focus on the safe choice
 * (Cancel, Keep editing) rather than on its first control, the close button: Enter then keeps
 * everything, as a desktop app's confirmation does, and Escape still cancels. Every confirmation
 * goes through here so that none of them opens differently.
 */
export function askToConfirm(options: OpenConfirmModal): string {
  return modals.openConfirmModal({
    ...options,
    // Mantine's focus trap focuses the first element marked data-autofocus, before any tabbable one.
    cancelProps: { ...options.cancelProps, 'data-autofocus': true } as OpenConfirmModal['cancelProps']
  })
}
