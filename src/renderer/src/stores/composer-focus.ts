/**
 * An inbox whose message box takes the focus when it opens: the one the job creator just made
 * (the first question is the next thing to do there). Taken once.
 */
let pending: string | undefined

export const focusComposerOnOpen = (inboxId: string) => {
  pending = inboxId
}

export function takeComposerFocus(inboxId: string): boolean {
  if (pending !== inboxId) return false
  pending = undefined
  return true
}
