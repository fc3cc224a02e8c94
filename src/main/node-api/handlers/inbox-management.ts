import type { LastMessage } from '../../../shared/contract/message'
import type { InboxBarRow } from '../../../shared/contract/inbox-management'
import { isAnswer } from '../../../shared/message-role'
import type { ListPosition, PageFilter } from '../../store'
import type { NodeContext } from '../context'
import { badRequest, notFound } from '../errors'
import { exportJsonPieces, openInboxExport } from '../inbox-export'
import type { HandlerGroup } from '../handler-types'
import { emitInboxChanged, emitInboxRemoved } from '../../domain/inbox-events'
import { batched, JsonStream, RawJson } from '../raw-json'

type InboxManagementRoutes =
  | 'all_inboxes_paginated'
  | 'get_inbox'
  | 'inbox_place'
  | 'inbox_bar_rows'
  | 'search_inboxes'
  | 'remove_job'
  | 'remove_jobs'
  | 'update_job_hidden'
  | 'update_inbox_pinned'
  | 'retry_message'
  | 'export_messages_from_inbox'

/** The list a query names by its show_hidden and pinned parameters (pages and places alike). */
const filterOf = (query: { show_hidden?: string; pinned?: string }): PageFilter => ({
  showHidden: query.show_hidden === 'true',
  pinned: query.pinned === undefined ? undefined : query.pinned === 'true'
})

/** inbox_bar_rows' page when no limit is given. */
const BAR_ROWS_PAGE_DEFAULT = 1000

/** How many page ends are remembered (see `served`). */
const SERVED_POSITIONS = 10_000

export function inboxManagementHandlers(ctx: NodeContext): HandlerGroup<InboxManagementRoutes> {
  const { store } = ctx
  const noInbox = (field: string, id: string) => notFound(`${field}: no inbox '${id}'`)

  /**
   * Where each page served lately ended. The next page continues after the last inbox as the
   * client saw it, so an inbox that moved to the top in between (a new message) does not send
   * the client back to the start. One removed in between names no inbox: 400, as the contract
   * says (the window then continues after the last row it has that still exists).
   */
  const served = new Map<string, ListPosition>()
  const remember = (id: string, position: ListPosition) => {
    served.delete(id)
    served.set(id, position)
    if (served.size > SERVED_POSITIONS) served.delete(served.keys().next().value!)
  }

  const pageBodies = new WeakMap<readonly unknown[], Buffer>()

  /**
   * The inboxes leave every list at once (their rows go in one short transaction); the answer
   * comes once their messages are deleted too, in slices between which other requests are served.
   */
  const removeJobs = async (jobIds: readonly string[]): Promise<number> => {
    const result = store.removals.begin(jobIds)
    if ('unknown' in result) throw notFound(`job_ids: no job with id '${result.unknown}'`)
    for (const inboxId of result.inboxIds) {
      ctx.runtime.cancel(inboxId)
      emitInboxRemoved(ctx, inboxId)
    }
    await store.removals.finish(result.inboxIds)
    return result.inboxIds.length
  }

  return {
    all_inboxes_paginated({ query }) {
      const filter = filterOf(query)
      const limit = query.limit ?? 20
      if (query.offset !== undefined && query.position !== undefined) throw badRequest('position: give offset or position, not both')
      let after: ListPosition | undefined
      if (query.offset !== undefined) {
        const now = store.inboxes.position(query.offset)
        if (!now) throw badRequest(`offset: no inbox '${query.offset}'`)
        after = served.get(query.offset) ?? now
      }
      const rows =
        query.position !== undefined
          ? store.inboxes.pageAt(filter, limit + 1, query.position)
          : store.inboxes.page(filter, limit + 1, after)
      const hasNextPage = rows.length > limit
      const shown = hasNextPage ? rows.slice(0, limit) : rows
      const last = shown[shown.length - 1]
      if (last) remember(last.id, { activity: last.activity, seq: last.seq })
      // The store hands back the same rows until a write: their body is built once (the list's first page is read often).
      let body = pageBodies.get(rows)
      if (!body) {
        body = Buffer.from(
          `{"inboxes":[${shown.map((r) => r.json).join(',')}],"hasNextPage":${hasNextPage},"total_count":${store.inboxes.count(filter)}}`
        )
        pageBodies.set(rows, body)
      }
      return new RawJson(body)
    },

    inbox_bar_rows({ query }) {
      const filter = filterOf(query)
      const limit = query.limit ?? BAR_ROWS_PAGE_DEFAULT
      if (query.after !== undefined && query.position !== undefined) throw badRequest('position: give after or position, not both')
      let rows
      if (query.position !== undefined) rows = store.inboxes.barRowsAt(filter, limit + 1, query.position)
      else if (query.after !== undefined) {
        const at = query.after.indexOf(':')
        rows = store.inboxes.barRows(filter, limit + 1, { seq: Number(query.after.slice(0, at)), activity: query.after.slice(at + 1) })
      } else rows = store.inboxes.barRows(filter, limit + 1)
      const more = rows.length > limit
      const shown = more ? rows.slice(0, limit) : rows
      const last = shown[shown.length - 1]
      return {
        // Compact, in the contract's field order (InboxBarRowSchema): named fields were 43% of the bytes.
        rows: shown.map((r): InboxBarRow => [r.id, r.customName, r.isHidden, r.isPinned, r.awaitsAnswer]),
        next: more && last ? `${last.seq}:${last.activity}` : null,
        total_count: store.inboxes.count(filter)
      }
    },

    get_inbox({ query }) {
      const json = store.inboxes.json(query.inbox_name, true)
      if (!json) throw noInbox('inbox_name', query.inbox_name)
      return new RawJson(json)
    },

    inbox_place({ query }) {
      const filter = filterOf(query)
      const position = store.inboxes.placeOf(filter, query.inbox_name)
      if (position === undefined) throw noInbox('inbox_name', query.inbox_name)
      return { position }
    },

    search_inboxes({ query }) {
      const hits = store.search.search(query.q, query.limit ?? 50, query.show_hidden === 'true')
      const items = hits.flatMap((h) => {
        const inbox = store.inboxes.json(h.inboxId)
        return inbox ? [`{"inbox":${inbox.toString('utf8')},"snippet":${JSON.stringify(h.snippet)}}`] : []
      })
      return RawJson.array(items)
    },

    async remove_job({ body }) {
      if (!store.jobs.get(body.job_id)) throw notFound(`job_id: no job with id '${body.job_id}'`)
      await removeJobs([body.job_id])
      return 'Successfully removed job' as const
    },

    async remove_jobs({ body }) {
      return { removed: await removeJobs(body.job_ids) }
    },

    update_job_hidden({ body }) {
      const job = store.jobs.get(body.job_id)
      if (!job || !store.jobs.setHidden(body.job_id, body.is_hidden)) throw notFound(`job_id: no job with id '${body.job_id}'`)
      emitInboxChanged(ctx, job.inbox_id)
      return 'Successfully updated job'
    },

    update_inbox_pinned({ body }) {
      if (!store.inboxes.setPinned(body.inbox_name, body.pinned)) throw noInbox('inbox_name', body.inbox_name)
      emitInboxChanged(ctx, body.inbox_name)
      return 'Successfully updated inbox'
    },

    retry_message({ body }) {
      const { inbox_name: inboxId, message_id: hash } = body
      if (!store.inboxes.get(inboxId)) throw noInbox('inbox_name', inboxId)
      const row = store.messages.byHash(inboxId, hash)
      if (!row) throw notFound(`message_id: no message '${hash}' in inbox '${inboxId}'`)
      const message = JSON.parse(row.message_json) as LastMessage
      if (!isAnswer(message)) {
        throw badRequest(`message_id: '${hash}' is the operator's message; retry an answer, an error note or a stopped answer`)
      }
      // The question is answered again: back in the queue, not repeated in the inbox.
      if (!message.job_message.parent || !store.messages.requeue(inboxId, message.job_message.parent)) {
        throw badRequest(`message_id: the question that '${hash}' answers is not in inbox '${inboxId}'`)
      }
      ctx.runtime.wake(inboxId)
      return 'Successfully queued'
    },

    export_messages_from_inbox({ body }) {
      const exp = openInboxExport(store, body.inbox_name, body.format)
      if (!exp) throw noInbox('inbox_name', body.inbox_name)
      return new JsonStream(() => batched(exportJsonPieces(exp)))
    }
  }
}
