import type { LastMessage } from '../../shared/contract/message'
import type { Clock } from '../platform/clock'
import type { EventBus } from '../platform/event-bus'
import type { Store } from '../store'
import type { AppendOptions, BuiltMessage } from '../store/messages'
import { emitInboxChanged } from './inbox-events'
import { messageHash } from './message-hash'
import { NODE_PROFILE, replySender, roleKeys, roleOf, type AgentIdentity, type ReplyKind } from './message-roles'

export interface NewMessage {
  readonly inboxId: string
  readonly jobId: string
  readonly content: string
  readonly parent?: string
  readonly filesInbox?: string
  /** Set on replies: the provider's agent identity they come from and how they ended. The operator's messages have none. */
  readonly reply?: ReplyKind & { readonly agent: AgentIdentity }
}

export interface MessageChainDeps {
  readonly store: Store
  readonly clock: Clock
  readonly bus: EventBus
  /** The node's name, read for each message (it can be changed while the node runs). */
  readonly nodeName: string | (() => string)
}

export interface MessageChain {
  /**
   * Appends a message to an inbox's hash chain: timestamp after the tip, parent_hash the tip's
   * hash, node_message_hash over the message as the API returns it. Emits inbox_changed.
   * Undefined when the inbox does not exist.
   */
  append(msg: NewMessage, options?: AppendOptions): BuiltMessage | undefined
  /**
   * The same, committed together with the other writes of this event-loop turn (group commit);
   * resolves once the message is durable. For the hot paths: questions and answers.
   */
  appendQueued(msg: NewMessage, options?: AppendOptions): Promise<BuiltMessage | undefined>
}

export function createMessageChain({ store, clock, bus, nodeName }: MessageChainDeps): MessageChain {
  const nameNow = typeof nodeName === 'function' ? nodeName : () => nodeName
  function write(msg: NewMessage, options: AppendOptions): BuiltMessage | undefined {
    const role = roleOf(msg.reply)
    return store.messages.append(
      msg.inboxId,
      role,
      (tip) => {
        const timestamp = clock.next(tip.timestamp)
        const node = nameNow()
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
            ...roleKeys(msg.reply)
          },
          node_api_data: { node_message_hash: '', node_timestamp: timestamp, parent_hash: tip.hash },
          receiver: node,
          receiver_subidentity: NODE_PROFILE,
          ...(msg.reply ? replySender(msg.reply.agent) : { sender: node, sender_subidentity: NODE_PROFILE })
        }
        const hash = messageHash(message)
        message.node_api_data.node_message_hash = hash
        return { hash, timestamp, json: JSON.stringify(message) }
      },
      options
    )
  }

  return {
    append(msg, options = {}) {
      const built = write(msg, options)
      if (built) emitInboxChanged({ store, bus }, msg.inboxId)
      return built
    },
    async appendQueued(msg, options = {}) {
      const built = await store.writes.run(() => write(msg, options))
      if (built) emitInboxChanged({ store, bus }, msg.inboxId)
      return built
    }
  }
}
