import { Text } from '@mantine/core'
import { useRef } from 'react'
import { askToConfirm } from '../../app/confirm'
import { focusWhenLost } from '../../app/focus-when-lost'
import { useGuardLeaving } from '../../app/leave-guard'
import { hrefOf, useRoute } from '../../app/router'
import { conversationRoute, searchOfRoute } from './followed-search'

/** A dialog of the Job details panel, as its questions name it. */
export type PanelDialog = 'scope' | 'job config'

/**
 * Changes not saved in a dialog of the Job details panel (Edit scope, Job config) are not lost without a
 * word. Closing the dialog with them (Cancel, Escape, its close button, a click beside it) asks to discard
 * them: the picks made in a large tree, or a system prompt being written, were lost to a stray Escape or
 * click. Leaving the conversation with them (Alt+Up/Down, Back, an address typed, a link) closed the dialog
 * as a cancel: that asks "Leave without saving?" first, as other pages with changes not saved do.
 *
 * `edited` is the open dialog holding changes (null when none does); `saving`, a dialog is saving (it closes
 * itself once saved, and closing meanwhile does nothing). Gives `close(what, lost, discard, reopen)`: `lost`
 * says what would be lost (null: nothing, and `discard` runs at once); `reopen` is the button that opened it.
 */
export function usePanelDiscard(inboxId: string, edited: PanelDialog | null, saving: boolean) {
  // The conversation's own address, with the search it follows (opened from the inbox list's results): guarding
  // the plain address made the views show that one while the guard was held, and the list beside dropped the search.
  const route = useRoute()
  const own = hrefOf(conversationRoute(inboxId, route.name === 'inbox' && route.inboxId === inboxId ? searchOfRoute(route) : null))
  useGuardLeaving(
    own,
    'Leave without saving?',
    edited === null ? null : `Your changes to the ${edited} are not saved. If you leave this conversation, they are lost.`
  )
  // The question is asked as every other one is (askToConfirm), over the dialog, which stays as it was behind it.
  const asking = useRef(false)
  return (what: PanelDialog, lost: string | null, discard: () => void, reopen: () => HTMLElement | null) => {
    if (asking.current || saving) return
    if (lost === null) return discard()
    asking.current = true
    // Kept, the question gives the focus back to where it was in the dialog; discarded, that is gone
    // with the dialog, and the focus goes to the button that opened it.
    const from = document.activeElement instanceof HTMLElement ? document.activeElement : null
    let discarded = false
    askToConfirm({
      title: `Discard your changes to the ${what}?`,
      children: <Text size="sm">{lost}</Text>,
      labels: { confirm: 'Discard changes', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      returnFocus: false,
      onConfirm: () => {
        discarded = true
        discard()
      },
      onClose: () => {
        asking.current = false
        focusWhenLost(() => (discarded ? reopen() : from?.isConnected ? from : null))
      }
    })
  }
}
