import { draftedInboxes } from '../stores/drafts'
import { forgetRemovedInbox } from '../stores/removed-inbox'
import { ApiFailure, type Client } from './client'

/** How many inboxes are asked after at once (a tab keeps up to 200 drafts; a selection can be larger). */
const AT_ONCE = 4

/**
 * Which of `inboxes` the node no longer has. Each is asked for its newest message, a small answer (its
 * inbox, with a scope of megabytes, is not read): the node answers 404 for one it no longer has. Any
 * other failure (the node down again) does not count it as removed.
 */
export async function removedAmong(client: Client, inboxes: Iterable<string>): Promise<string[]> {
  const queue = [...inboxes]
  const removed: string[] = []
  const next = async (): Promise<void> => {
    const inbox = queue.shift()
    if (inbox === undefined) return
    try {
      await client.call('last_messages', { body: { inbox_name: inbox, limit: 1 } })
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 404) removed.push(inbox)
    }
    return next()
  }
  await Promise.all(Array.from({ length: AT_ONCE }, next))
  return removed
}

/**
 * Once as the window starts (drafts outlive it: a conversation may have been removed while it was
 * closed), and after a break in the node's events: the drafts of conversations removed meanwhile (their
 * inbox_changed went unheard) go, as they would have with the event; else each stayed until the
 * 200-draft cap dropped it.
 */
export async function forgetDraftsOfRemoved(client: Client): Promise<void> {
  for (const inbox of await removedAmong(client, draftedInboxes())) forgetRemovedInbox(inbox)
}
