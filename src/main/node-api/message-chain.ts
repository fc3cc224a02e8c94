import type { LastMessage } from '../../shared/contract/message'
import type { AppendOptions, BuiltMessage } from '../store/messages'
import { NODE_PROFILE, type NodeContext } from './context'
import { messageHash } from './message-hash'

export interface NewMessage {
  readonly inboxId: string
  readonly jobId: string
  readonly content: string
  readonly parent?: string
  readonly filesInbox?: string
  /** The provider's agent for answers; the operator (node profile) otherwise. */
  readonly fromAgent?: string
  /** Extra job_message keys: `error` on error notes, `stopped` on stopped answers. */
  readonly extra?: Readonly<Record<string, unknown>>
}

/** The subidentity an answer comes from: the provider's agent under the node's profile. */
export const agentSubidentity = (providerId: string) => `${NODE_PROFILE}/agent/${providerId}`

/**
 * Appends a message to an inbox's hash chain: timestamp after the tip, parent_hash the tip's
 * hash, node_message_hash over the message as the API returns it. Emits inbox_changed.
 */
export function appendMessage(ctx: NodeContext, msg: NewMessage, options: AppendOptions = {}): BuiltMessage | undefined {
  const built = ctx.store.messages.append(
    msg.inboxId,
    (tip) => {
      const timestamp = ctx.clock.next(tip.timestamp)
      const message: LastMessage = {
        inbox: msg.inboxId,
        job_message: {
          callback: null,
          content: msg.content,
          files_inbox: msg.filesInbox ?? '',
          job_id: msg.jobId,
          parent: msg.parent ?? '',
          sheet_job_data: '',
          workflow_code: '',
          workflow_name: '',
          ...msg.extra
        },
        node_api_data: { node_message_hash: '', node_timestamp: timestamp, parent_hash: tip.hash },
        receiver: ctx.nodeName,
        receiver_subidentity: NODE_PROFILE,
        sender: ctx.nodeName,
        sender_subidentity: msg.fromAgent ? agentSubidentity(msg.fromAgent) : NODE_PROFILE
      }
      const hash = messageHash(message)
      message.node_api_data.node_message_hash = hash
      return { hash, timestamp, json: JSON.stringify(message) }
    },
    options
  )
  if (built) ctx.bus.emit({ type: 'inbox_changed', data: { inbox_id: msg.inboxId } })
  return built
}
