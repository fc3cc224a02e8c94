import type { NodeContext } from '../context'
import { notFound } from '../errors'
import type { HandlerGroup } from '../handler-types'
import { RawJson } from '../raw-json'

type InboxRoutes = 'all_inboxes' | 'update_smart_inbox_name'

export function inboxHandlers(ctx: NodeContext): HandlerGroup<InboxRoutes> {
  const { store, bus } = ctx
  return {
    all_inboxes({ query }) {
      const rows = store.inboxes.list(query.show_hidden !== 'false')
      // Stored JSON fragments are spliced as they are: every inbox, no cap, no re-parse.
      let out = '['
      for (let i = 0; i < rows.length; i++) {
        const [id, name, created, finished, agent, config, scope, last] = rows[i]!
        if (i > 0) out += ','
        out +=
          `{"custom_name":${JSON.stringify(name)},"datetime_created":"${created}","inbox_id":${JSON.stringify(id)}` +
          `,"is_finished":${finished === 1},"agent":${agent},"job_config":${config},"job_scope":${scope}` +
          `,"last_message":${last ?? 'null'}}`
      }
      return new RawJson(out + ']')
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
