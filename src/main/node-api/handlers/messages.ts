import { nameFromMessage } from '../../domain/job-rules'
import type { NodeContext } from '../context'
import { notFound } from '../errors'
import type { HandlerGroup } from '../handler-types'
import { batched, JsonStream, sentOnce } from '../raw-json'

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
      const inboxId = body.inbox_name
      if (!store.inboxes.get(inboxId)) throw notFound(`inbox_name: no inbox '${inboxId}'`)
      const offsetKey = body.offset_key ?? undefined
      if (offsetKey !== undefined && !store.messages.byHash(inboxId, offsetKey)) {
        throw notFound(`offset_key: no message '${offsetKey}' in inbox '${inboxId}'`)
      }
      // Written as it is read, a message at a time (each read for this answer alone, freed once sent).
      return new JsonStream(function* () {
        const reader = store.openReader()
        try {
          for (const piece of batched(store.messages.pagePieces(reader, inboxId, body.limit ?? 50, offsetKey))) yield sentOnce(piece)
        } finally {
          reader.close()
        }
      })
    }
  }
}
