import { parseExactJson } from '../../shared/exact-json'
import type { Inbox } from '../../shared/contract/inbox'
import type { EventBus } from '../platform/event-bus'
import type { Store } from '../store'

/**
 * Tells clients an inbox changed, with the inbox as lists show it (job_scope null), or null when
 * it is gone: a window patches its cached rows with it instead of fetching the list again.
 */
export function emitInboxChanged(ctx: { readonly store: Store; readonly bus: EventBus }, inboxId: string): void {
  // Headless mode with no event stream open: reading and parsing the inbox row would be for no one.
  if (!ctx.bus.listening()) return
  const json = ctx.store.inboxes.json(inboxId)
  // Read exactly: a scope's or a config's whole number past 2^53 reaches the window as stored.
  const inbox = json ? (parseExactJson(json.toString('utf8')) as Inbox) : null
  ctx.bus.emit({ type: 'inbox_changed', data: { inbox_id: inboxId, inbox } })
}

/** The inbox is gone (its job was removed). */
export function emitInboxRemoved(ctx: { readonly bus: EventBus }, inboxId: string): void {
  ctx.bus.emit({ type: 'inbox_changed', data: { inbox_id: inboxId, inbox: null } })
}
