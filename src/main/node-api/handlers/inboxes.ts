import type { NodeContext } from '../context'
import { notFound } from '../errors'
import type { HandlerGroup } from '../handler-types'
import { emitInboxChanged } from '../../domain/inbox-events'
import { JsonStream, sentOnce } from '../raw-json'

type InboxRoutes = 'all_inboxes' | 'update_smart_inbox_name'

export function inboxHandlers(ctx: NodeContext): HandlerGroup<InboxRoutes> {
  const { store } = ctx
  return {
    all_inboxes({ query }) {
      // Every inbox, no cap; stored JSON is spliced as bytes, never re-parsed, and written as it is
      // read from a connection of its own (one consistent snapshot while other requests write).
      const showHidden = query.show_hidden !== 'false'
      const withScope = query.include_scope !== 'false'
      return new JsonStream(function* () {
        const reader = store.openReader()
        try {
          // Read for this answer alone: the transport frees a scope of megabytes once it is sent.
          for (const piece of store.inboxes.listPieces(reader, showHidden, withScope)) yield sentOnce(piece)
        } finally {
          reader.close()
        }
      })
    },

    update_smart_inbox_name({ body }) {
      if (!store.inboxes.rename(body.inbox_name, body.custom_name)) {
        throw notFound(`inbox_name: no inbox '${body.inbox_name}'`)
      }
      emitInboxChanged(ctx, body.inbox_name)
      return 'Successfully updated inbox name'
    }
  }
}
