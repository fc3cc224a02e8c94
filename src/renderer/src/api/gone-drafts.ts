import { draftedInboxes } from '../stores/drafts'
import { forgetRemovedInbox } from '../stores/removed-inbox'
import type { Client } from './client'
import { removedAmong } from './inboxes-now'

/**
 * Once as the window starts (drafts outlive it: a conversation may have been removed while it was
 * closed), and after a break in the node's events: the drafts of conversations removed meanwhile (their
 * inbox_changed went unheard) go, as they would have with the event; else each stayed until the
 * 200-draft cap dropped it.
 */
export async function forgetDraftsOfRemoved(client: Client): Promise<void> {
  for (const inbox of await removedAmong(client, draftedInboxes())) forgetRemovedInbox(inbox)
}
