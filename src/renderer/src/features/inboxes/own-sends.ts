/**
 * Messages the operator sends from this window, told as they are sent: the conversation list beside
 * the open conversation follows that conversation's row when its own message moves it (to the top of
 * its section), where a message from another client moves rows without scrolling the list.
 */
const listeners = new Set<(inboxId: string) => void>()

/** The operator is sending a message in `inboxId` from this window. */
export function noteOwnSend(inboxId: string): void {
  for (const listener of listeners) listener(inboxId)
}

/** Calls `listener` with each conversation the operator sends a message in; returns how to stop. */
export function onOwnSend(listener: (inboxId: string) => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
