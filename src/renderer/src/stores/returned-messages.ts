/**
 * A message whose send failed after the box it was sent from had gone (the operator opened another
 * conversation): it goes back to this conversation's draft, and to the box shown for it now, if the
 * operator came back meanwhile. That box was made with the draft as it stood then (empty, the message
 * being on its way), so without this it showed nothing, and the next key written there replaced the
 * draft that held the message.
 */
type Taker = (text: string, reason: string) => void

const takers = new Map<string, Taker>()

/** The box shown for `inboxId` takes messages given back to it until the returned function is called. */
export function takeReturnedMessages(inboxId: string, taker: Taker): () => void {
  takers.set(inboxId, taker)
  return () => {
    if (takers.get(inboxId) === taker) takers.delete(inboxId)
  }
}

/** Gives `text` (the whole draft, the message first) back to the box shown for `inboxId`; false when none is. */
export function returnMessage(inboxId: string, text: string, reason: string): boolean {
  const taker = takers.get(inboxId)
  if (!taker) return false
  taker(text, reason)
  return true
}
