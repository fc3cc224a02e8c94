/**
 * The conversation the operator last had open, so that the inbox list, shown again (Back, or the
 * Inboxes link), puts the keyboard focus on its row instead of the page's start. Taken once.
 */
let lastOpened: string | undefined

export const rememberOpened = (inboxId: string) => {
  lastOpened = inboxId
}

/** The inbox id to return the focus to, if `isShown` says the list holds it; forgotten once taken. */
export function takeReturnFocus(isShown: (inboxId: string) => boolean): string | undefined {
  if (lastOpened === undefined || !isShown(lastOpened)) return undefined
  const id = lastOpened
  lastOpened = undefined
  return id
}
