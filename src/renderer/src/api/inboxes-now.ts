import type { Inbox } from '../../../shared/contract/inbox'
import { ApiFailure, type Client } from './client'

/** How many inboxes are asked after at once (a tab keeps up to 200 drafts; a selection can be larger). */
const AT_ONCE = 4

/**
 * Asks the node after each of `inboxes`, up to four at a time, and keeps what `ask` found: `null` when
 * the node answered 404 (it no longer has that inbox). Any other failure (the node down again) keeps
 * nothing for that inbox: it is not counted as removed.
 */
async function askEach<T>(inboxes: Iterable<string>, ask: (inbox: string) => Promise<T>): Promise<Map<string, T | null>> {
  const queue = [...inboxes]
  const found = new Map<string, T | null>()
  const next = async (): Promise<void> => {
    const inbox = queue.shift()
    if (inbox === undefined) return
    try {
      found.set(inbox, await ask(inbox))
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 404) found.set(inbox, null)
    }
    return next()
  }
  await Promise.all(Array.from({ length: AT_ONCE }, next))
  return found
}

/**
 * Which of `inboxes` the node no longer has. Each is asked for its newest message, a small answer (its
 * inbox, with a scope of megabytes, is not read).
 */
export async function removedAmong(client: Client, inboxes: Iterable<string>): Promise<string[]> {
  const found = await askEach(inboxes, (inbox) => client.call('last_messages', { body: { inbox_name: inbox, limit: 1 } }))
  return [...found].flatMap(([inbox, messages]) => (messages === null ? [inbox] : []))
}

/**
 * Each of `inboxes` as the node has it now (its flags: hidden, pinned), `null` for one it no longer has.
 * One the node could not be asked about is left out.
 */
export function inboxesNow(client: Client, inboxes: Iterable<string>): Promise<Map<string, Inbox | null>> {
  return askEach(inboxes, (inbox) => client.call('get_inbox', { query: { inbox_name: inbox } }))
}
