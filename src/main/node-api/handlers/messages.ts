import type { NodeContext } from '../context'
import { notFound } from '../errors'
import type { HandlerGroup } from '../handler-types'
import { appendMessage } from '../message-chain'
import { RawJson } from '../raw-json'

type MessageRoutes = 'job_message' | 'last_messages'

const NAME_FROM_MESSAGE_MAX = 120

/** The inbox name a first message gives: its first non-blank line, up to 120 characters. */
export function nameFromMessage(content: string): string | undefined {
  const line = content.split(/\r?\n/).find((l) => l.trim() !== '')
  return line ? [...line.trim()].slice(0, NAME_FROM_MESSAGE_MAX).join('') : undefined
}

export function messageHandlers(ctx: NodeContext): HandlerGroup<MessageRoutes> {
  const { store } = ctx
  return {
    job_message({ body }) {
      const job = store.jobs.get(body.job_id)
      if (!job) throw notFound(`job_id: no job with id '${body.job_id}'`)
      const msg = appendMessage(
        ctx,
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
      ctx.runtime.wake(job.inbox_id)
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
