import { useAnswerPauses } from './answer-pauses'
import { forgetDraft } from './drafts'
import { useRegenerations } from './regenerations'
import { unfollowAnswers, useStreaming } from './streaming'

/**
 * What the window keeps of an inbox outside the query cache, let go of once it learns the inbox is
 * removed: an answer it was writing or waiting to write, its pauses and regenerations, its unsent
 * draft. However it learns it: the inbox_changed removal (a row's menu, the bulk delete, another
 * window, a script), or the node answering 404 for it (a send, opening it, the check of drafts after
 * a break) when that event went unheard.
 */
export function forgetRemovedInbox(inboxId: string): void {
  unfollowAnswers(inboxId)
  useStreaming.getState().clear(inboxId)
  forgetDraft(inboxId)
  useAnswerPauses.getState().clear(inboxId)
  useRegenerations.getState().forget(inboxId)
}
