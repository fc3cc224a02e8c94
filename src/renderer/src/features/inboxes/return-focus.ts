/**
 * The conversation the operator last had open, so that the inbox list, shown again (Back, or the
 * Inboxes link), puts the keyboard focus on its row instead of the page's start. Taken once, by the
 * list's first look, whether or not the row is there.
 */
export interface ReturnTo {
  readonly inboxId: string
  /**
   * The row it had in the list it was opened from (with or without hidden ones), when opened from
   * there. A row far down is read by place, and its block is not kept for long: after a while, this
   * is all that says where the list was.
   */
  readonly place?: { readonly index: number; readonly showHidden: boolean }
}

let lastOpened: ReturnTo | undefined

/** The operator opens a conversation from the list, at this row. */
export const rememberListPlace = (inboxId: string, index: number, showHidden: boolean) => {
  lastOpened = { inboxId, place: { index, showHidden } }
}

/** A conversation is open (from the list, a link, or the conversation list beside another). */
export const rememberOpened = (inboxId: string) => {
  if (lastOpened?.inboxId !== inboxId) lastOpened = { inboxId }
}

/** Where to return the focus to, if anywhere; forgotten once taken. */
export function takeReturnFocus(): ReturnTo | undefined {
  const to = lastOpened
  lastOpened = undefined
  return to
}
