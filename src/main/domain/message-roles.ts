import { agentSubidentity, type MessageRole } from '../../shared/message-role'

/** The profile every message of this node is sent under (seed: `main`). */
export const NODE_PROFILE = 'main'

/** The subidentity a reply comes from: the provider's agent under the node's profile. */
export const replySubidentity = (providerId: string) => agentSubidentity(NODE_PROFILE, providerId)

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
  | { readonly role: 'error'; readonly error: { readonly kind: string; readonly status?: number } }

/** The extra job_message keys a message of this role carries: `stopped`, `error` and `truncated` mark how a reply ended. */
export function roleKeys(reply: ReplyKind | undefined): Record<string, unknown> {
  if (!reply) return {}
  if (reply.role === 'error') return { error: reply.error }
  // An answer drawn from the scope's documents names them; one that drew on none carries no key.
  const sources = reply.sources?.length ? { sources: reply.sources } : {}
  if (reply.role === 'stopped') return { stopped: true, ...sources }
  if (reply.truncated) return { truncated: true, ...sources }
  return sources
}

export const roleOf = (reply: ReplyKind | undefined): MessageRole => reply?.role ?? 'operator'
