import { nameFromMessage } from '../../domain/job-rules'
import type { NodeContext } from '../context'
import { notFound } from '../errors'
import type { HandlerGroup } from '../handler-types'
import { RawJson } from '../raw-json'

type MessageRoutes = 'job_message' | 'last_messages'

export function messageHandlers(ctx: NodeContext): HandlerGroup<MessageRoutes> {
  const { store, chain, runtime } = ctx
  return {
    async job_message({ body }) {
      const job = store.jobs.get(body.job_id)
      if (!job) throw notFound(`job_id: no job with id '${body.job_id}'`)
      const msg = await chain.appendQueued(
        {
          inboxId: job.inbox_id,
          jobId: body.job_id,
          content: body.content,
          parent: body.parent ?? undefined,
          filesInbox: body.files_inbox ?? undefined
        },
        { firstLineName: nameFromMessage(body.content), needsAnswer: true }
      )
      if (!msg) throw notFound(`job_id: the inbox of job '${body.job_id}' is missing`)
      runtime.wake(job.inbox_id)
      return { inbox: job.inbox_id, node_message_hash: msg.hash, node_timestamp: msg.timestamp }
    },

    last_messages({ body }) {
      if (!store.inboxes.get(body.inbox_name)) throw notFound(`inbox_name: no inbox '${body.inbox_name}'`)
      const page = store.messages.page(body.inbox_name, body.limit ?? 50, body.offset_key ?? undefined)
      if (!page) throw notFound(`offset_key: no message '${body.offset_key}' in inbox '${body.inbox_name}'`)
      return RawJson.array(page)
    }
  }
}
