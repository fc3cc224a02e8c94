import { dropStoredDraft, freeRoomFor, isQuotaError, readDraft, readOrder, restoreDrafts, writeDraft, writeOrder } from './draft-storage'

/**
 * What the operator has typed in each conversation's message box and not sent. The conversation view
 * is made anew for each inbox, so without this a half-written message was lost on moving to another
 * conversation (one click in the list beside it) and back. Empty drafts are not kept.
 *
 * Each draft is also written to sessionStorage, as the new job's draft is: a reload, or the new UI
 * address opened in the same tab after the node restarted (the only way back in headless mode), made
 * the window anew and lost a message that could not be sent while the node was down.
 *
 * At most MAX_DRAFTS are kept, the ones written to longest ago dropped first: an operator going
 * through thousands of inboxes would otherwise fill the tab's storage (5 MB) for good, and then lose
 * the newest draft to its quota. A draft goes with its inbox (forgetDraft).
 */
export const MAX_DRAFTS = 200

const drafts = new Map<string, string>()
/** The inboxes with a draft, the one written to longest ago first; read from storage once, as first needed. */
let order: string[] | undefined

const orderNow = (): string[] => (order ??= readOrder())

export const draftOf = (inboxId: string): string => drafts.get(inboxId) ?? readDraft(inboxId)

/** The inboxes with a draft, the one written to longest ago first (the order read, not kept, when no draft was written yet). */
export const draftedInboxes = (): readonly string[] => [...(order ?? readOrder())]

export function keepDraft(inboxId: string, text: string): void {
  if (!text) return forgetDraft(inboxId)
  drafts.set(inboxId, text)
  const ids = orderNow()
  // Each keystroke writes the draft; the order only when another conversation's draft was written last.
  const moved = ids.at(-1) !== inboxId
  if (moved) {
    const at = ids.indexOf(inboxId)
    if (at >= 0) ids.splice(at, 1)
    ids.push(inboxId)
    for (const dropped of ids.splice(0, Math.max(0, ids.length - MAX_DRAFTS))) {
      drafts.delete(dropped)
      dropStoredDraft(dropped)
    }
  }
  store(inboxId, text)
  // After the draft, once room was made for it: an order that did not fit would leave the newest draft
  // unlisted, and read back as the oldest.
  if (moved) writeOrder(ids)
}

/** The inbox is gone (removed here, in another window or by a script): so is its draft. */
export function forgetDraft(inboxId: string): void {
  drafts.delete(inboxId)
  const ids = orderNow()
  const at = ids.indexOf(inboxId)
  if (at >= 0) {
    ids.splice(at, 1)
    writeOrder(ids)
  }
  dropStoredDraft(inboxId)
}

function store(inboxId: string, text: string): void {
  try {
    writeDraft(inboxId, text)
    return
  } catch (err) {
    if (!isQuotaError(err)) return dropStoredDraft(inboxId) // storage blocked: the window's memory alone keeps drafts
  }
  // Full: the oldest stored drafts make room for this one, once; the newest is the one still being written.
  const removed = freeRoomFor(inboxId, text, orderNow())
  try {
    writeDraft(inboxId, text)
  } catch {
    // Still too large (a paste of megabytes): the drafts removed for it come back, since they made no room
    // that helped (all of them went, for a text larger than the storage). The window's memory keeps this
    // one, and an earlier, shorter version must not come back after a reload in its place.
    restoreDrafts(removed)
    dropStoredDraft(inboxId)
  }
}
