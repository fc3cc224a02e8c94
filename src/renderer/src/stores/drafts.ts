/**
 * What the operator has typed in each conversation's message box and not sent. The conversation view
 * is made anew for each inbox, so without this a half-written message was lost on moving to another
 * conversation (one click in the list beside it) and back. Kept for the window's life; empty drafts
 * are not kept.
 */
const drafts = new Map<string, string>()

export const draftOf = (inboxId: string): string => drafts.get(inboxId) ?? ''

export function keepDraft(inboxId: string, text: string): void {
  if (text) drafts.set(inboxId, text)
  else drafts.delete(inboxId)
}
