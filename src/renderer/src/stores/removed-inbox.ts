import { useAnswerPauses } from './answer-pauses'
import { draftOf, forgetDraft } from './drafts'
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
  keepUnsent(inboxId, draftOf(inboxId))
  forgetDraft(inboxId)
  useAnswerPauses.getState().clear(inboxId)
  useRegenerations.getState().forget(inboxId)
}

/** The last few removed inboxes' unsent drafts, in memory only: the conversation's view shows its own. */
const UNSENT_KEPT = 10
const unsent = new Map<string, string>()

function keepUnsent(inboxId: string, text: string): void {
  if (!text) return
  unsent.delete(inboxId)
  unsent.set(inboxId, text)
  for (const oldest of unsent.keys()) if (unsent.size > UNSENT_KEPT) unsent.delete(oldest)
}

/**
 * What had been typed and not sent in a conversation removed while the window had it (another window or a
 * script deleted it while the operator was writing): the view that says it was deleted offers it to copy,
 * where it was lost with the draft.
 */
export const unsentOfRemoved = (inboxId: string): string => unsent.get(inboxId) ?? ''
