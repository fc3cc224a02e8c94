/**
 * The conversation the operator last had open, so that the inbox list, shown again (Back, or the
 * Inboxes link), puts the keyboard focus on its row instead of the page's start. Taken once, by the
 * list's first look, whether or not the row is there.
 */
let lastOpened: string | undefined

export const rememberOpened = (inboxId: string) => {
  lastOpened = inboxId
}

/** The inbox id to return the focus to, if any; forgotten once taken. */
export function takeReturnFocus(): string | undefined {
  const id = lastOpened
  lastOpened = undefined
  return id
}
