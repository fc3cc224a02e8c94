import type { FullIdentityName } from '../../shared/contract/identity'
import { agentSubidentity, type MessageRole } from '../../shared/message-role'

/** The profile every message of this node is sent under (seed: `main`). */
export const NODE_PROFILE = 'main'

/** The parts of a provider's full_identity_name a reply is sent under. */
export type AgentIdentity = Pick<FullIdentityName, 'node_name' | 'profile_name' | 'subidentity_name'>

/**
 * Who a reply comes from: the provider's agent identity split as the upstream node splits a name,
 * so `${sender}/${sender_subidentity}` is the agent's full_name (its id may differ from its name).
 */
export const replySender = (agent: AgentIdentity) => ({
  sender: agent.node_name,
  sender_subidentity: agentSubidentity(agent.profile_name, agent.subidentity_name)
})

/** Where an answer's scope passages came from (`job_message.sources`). */
export interface ReplySource {
  readonly path: string
  readonly name: string
  readonly node_id: string
  readonly score: number
}

/** What a reply carries besides its text, by role. */
export type ReplyKind =
  /** truncated: the answer reached the node's size limit and was cut. */
  | { readonly role: 'answer'; readonly truncated?: true; readonly sources?: readonly ReplySource[] }
  | { readonly role: 'stopped'; readonly sources?: readonly ReplySource[] }
  /** sources: an error note that kept the part of the answer streamed before the failure names the passages it drew on. */
  | {
      readonly role: 'error'
      readonly error: { readonly kind: string; readonly status?: number }
      readonly sources?: readonly ReplySource[]
    }

/** The extra job_message keys a message of this role carries: `stopped`, `error` and `truncated` mark how a reply ended. */
export function roleKeys(reply: ReplyKind | undefined): Record<string, unknown> {
  if (!reply) return {}
  if (reply.role === 'error') return { error: reply.error, ...(reply.sources ? { sources: reply.sources } : {}) }
  // An answer names the scope passages it drew on: [] when none (the contract: the answer's job_message carries sources).
  const sources = { sources: reply.sources ?? [] }
  if (reply.role === 'stopped') return { stopped: true, ...sources }
  if (reply.truncated) return { truncated: true, ...sources }
  return sources
}

export const roleOf = (reply: ReplyKind | undefined): MessageRole => reply?.role ?? 'operator'
