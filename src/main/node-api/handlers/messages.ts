import type { LastMessage } from '../../../shared/contract/message'
import { NODE_PROFILE, type NodeContext } from '../context'
import { notFound } from '../errors'
import type { HandlerGroup } from '../handler-types'
import { messageHash } from '../message-hash'
import { RawJson } from '../raw-json'

type MessageRoutes = 'job_message' | 'last_messages'

const NAME_FROM_MESSAGE_MAX = 120

/** The inbox name a first message gives: its first non-blank line, up to 120 characters. */
export function nameFromMessage(content: string): string | undefined {
  const line = content.split(/\r?\n/).find((l) => l.trim() !== '')
  return line ? [...line.trim()].slice(0, NAME_FROM_MESSAGE_MAX).join('') : undefined
}

export function messageHandlers(ctx: NodeContext): HandlerGroup<MessageRoutes> {
  const { store, bus, clock, nodeName } = ctx
  return {
    job_message({ body }) {
      const job = store.jobs.get(body.job_id)
      if (!job) throw notFound(`job_id: no job with id '${body.job_id}'`)
      const msg = store.messages.append(
        job.inbox_id,
        (tip) => {
          const timestamp = clock.next(tip.timestamp)
          const message: LastMessage = {
            inbox: job.inbox_id,
            job_message: {
              callback: null,
              content: body.content,
              files_inbox: body.files_inbox ?? '',
              job_id: body.job_id,
              parent: body.parent ?? '',
              sheet_job_data: '',
              workflow_code: '',
              workflow_name: ''
            },
            node_api_data: { node_message_hash: '', node_timestamp: timestamp, parent_hash: tip.hash },
            receiver: nodeName,
            receiver_subidentity: NODE_PROFILE,
            sender: nodeName,
            sender_subidentity: NODE_PROFILE
          }
          const hash = messageHash(message)
          message.node_api_data.node_message_hash = hash
          return { hash, timestamp, json: JSON.stringify(message) }
        },
        nameFromMessage(body.content)
      )
      if (!msg) throw notFound(`job_id: the inbox of job '${body.job_id}' is missing`)
      bus.emit({ type: 'inbox_changed', data: { inbox_id: job.inbox_id } })
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
