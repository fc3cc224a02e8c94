/**
 * A focus handed over to a conversation about to be drawn: "the Retry of its latest failed answer
 * takes the focus once it is drawn". Set by the provider's settings, saved after "Open the provider's
 * settings" under a failed answer (asking again is what is left to do); honoured by the conversation
 * view as it draws that note (MessageList), however long its messages take to arrive. The conversation's
 * title, which takes a lost focus as it opens (InlineName), leaves it to the note meanwhile. Once the
 * address names another page or conversation, it is dropped: the operator went elsewhere (Alt+Down while
 * the messages were loading), and coming back later is not the hand-over's moment.
 */
import { routeNow } from '../../app/router'

interface Owed {
  readonly inboxId: string
  /** The control that handed it over (the button that saved): the focus still there is free to take. */
  readonly leaving: Element | null
}

let owed: Owed | undefined

/** A change of address away from the conversation owed the focus drops the hand-over. */
function onAddressChange(): void {
  const route = routeNow()
  if (!owed || route.name !== 'inbox' || route.inboxId !== owed.inboxId) dropRetryFocus()
}

/**
 * The Retry of the latest failed answer of `inboxId` is to take the focus once it is drawn (the address
 * is to name `inboxId` next: the caller goes there right after).
 */
export function focusRetryWhenDrawn(inboxId: string, leaving: Element | null): void {
  owed = { inboxId, leaving }
  window.addEventListener('hashchange', onAddressChange)
}

/** Whether the conversation `inboxId` owes the focus to its latest failed answer's Retry. */
export const retryFocusOwed = (inboxId: string): boolean => owed?.inboxId === inboxId

/** Forgotten: the conversation was drawn without a failed answer, or another one was opened. */
export function dropRetryFocus(): void {
  owed = undefined
  window.removeEventListener('hashchange', onAddressChange)
}

/**
 * The note is drawn: its Retry takes the focus, unless the operator put it somewhere meanwhile (a
 * focus on the page's body, on the control that handed it over, or on one gone is theirs to take).
 * Forgotten either way.
 */
export function takeRetryFocus(inboxId: string, retry: HTMLElement | null): void {
  if (!retry || owed?.inboxId !== inboxId) return
  const { leaving } = owed
  dropRetryFocus()
  const at = document.activeElement
  if (!at || at === document.body || at === leaving || !at.isConnected) retry.focus()
}
