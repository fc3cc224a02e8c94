import { backTo, navigate, type CameFrom } from '../../app/router'
import { focusRetryWhenDrawn } from '../inboxes'

/**
 * A provider's settings saved after "Open the provider's settings" under a failed answer: back to that
 * conversation, the focus on the Retry of its latest failed answer (asking again is what is left to do).
 * Saving went to the Providers page, and the operator found their way back to the conversation alone.
 * The conversation honours it once it draws that note, however long its messages take to arrive.
 */
export function backToConversation(came: CameFrom): void {
  const back = backTo(came)
  if (!back || back.name !== 'inbox') return
  focusRetryWhenDrawn(back.inboxId, document.activeElement)
  navigate(back)
}
