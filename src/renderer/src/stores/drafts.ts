/**
 * What the operator has typed in each conversation's message box and not sent. The conversation view
 * is made anew for each inbox, so without this a half-written message was lost on moving to another
 * conversation (one click in the list beside it) and back. Empty drafts are not kept.
 *
 * Each draft is also written to sessionStorage, as the new job's draft is: a reload, or the new UI
 * address opened in the same tab after the node restarted (the only way back in headless mode), made
 * the window anew and lost a message that could not be sent while the node was down.
 */
const drafts = new Map<string, string>()
const KEY_PREFIX = 'nodedesk.draft:'

function stored(inboxId: string): string {
  try {
    return sessionStorage.getItem(KEY_PREFIX + inboxId) ?? ''
  } catch {
    return '' // storage blocked: the window's memory alone keeps drafts
  }
}

function store(inboxId: string, text: string): void {
  try {
    if (text) sessionStorage.setItem(KEY_PREFIX + inboxId, text)
    else sessionStorage.removeItem(KEY_PREFIX + inboxId)
  } catch {
    // Storage blocked or full (a draft of megabytes): the window's memory still keeps it, and an
    // earlier, shorter version must not come back after a reload in its place.
    try {
      sessionStorage.removeItem(KEY_PREFIX + inboxId)
    } catch {
      // blocked: nothing was stored either
    }
  }
}

export const draftOf = (inboxId: string): string => drafts.get(inboxId) ?? stored(inboxId)

export function keepDraft(inboxId: string, text: string): void {
  if (text) drafts.set(inboxId, text)
  else drafts.delete(inboxId)
  store(inboxId, text)
}
