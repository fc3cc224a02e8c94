import type { NodeContext } from '../context'
import { notFound } from '../errors'
import type { HandlerGroup } from '../handler-types'
import { RawJson } from '../raw-json'

type InboxRoutes = 'all_inboxes' | 'update_smart_inbox_name'

export function inboxHandlers(ctx: NodeContext): HandlerGroup<InboxRoutes> {
  const { store, bus } = ctx
  return {
    all_inboxes({ query }) {
      // Every inbox, no cap; stored JSON is spliced as bytes, never re-parsed.
      return RawJson.array(store.inboxes.listJson(query.show_hidden !== 'false', query.include_scope !== 'false'))
    },

    update_smart_inbox_name({ body }) {
      if (!store.inboxes.rename(body.inbox_name, body.custom_name)) {
        throw notFound(`inbox_name: no inbox '${body.inbox_name}'`)
      }
      bus.emit({ type: 'inbox_changed', data: { inbox_id: body.inbox_name } })
      return 'Successfully updated inbox name'
    }
  }
}
