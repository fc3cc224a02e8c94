/**
 * Who wrote a message and how it ended, read from the message itself. The node also keeps the
 * role as a column (`messages.role`), written from the same rule when the message is stored; the
 * window has only the message, so this module is the one place the rule is written.
 */

/** operator: a question; answer / stopped / error: the provider's reply, whole, stopped by the operator, or an error note. */
export type MessageRole = 'operator' | 'answer' | 'stopped' | 'error'
export const MESSAGE_ROLES: readonly MessageRole[] = ['operator', 'answer', 'stopped', 'error']

/** The parts of a stored message (seed 2.5 LastMessage) the role is read from. */
export interface RoleBearingMessage {
  readonly sender_subidentity: string
  readonly job_message: { readonly error?: unknown; readonly stopped?: unknown; readonly [key: string]: unknown }
}

const AGENT_SEGMENT = '/agent/'

/** The subidentity replies come from: the provider's agent under the node's profile. */
export const agentSubidentity = (profile: string, providerId: string) => `${profile}${AGENT_SEGMENT}${providerId}`

/** The provider (agent) id a reply comes from; undefined for the operator's messages. */
export function replyingAgent(m: RoleBearingMessage): string | undefined {
  const at = m.sender_subidentity.indexOf(AGENT_SEGMENT)
  return at < 0 ? undefined : m.sender_subidentity.slice(at + AGENT_SEGMENT.length)
}

/**
 * Whether the message is a reply to a question (it comes from the provider's agent): a whole
 * answer, a stopped one or an error note. Each clears its question from the answer queue.
 */
export const isAnswer = (m: RoleBearingMessage) => replyingAgent(m) !== undefined

export function messageRole(m: RoleBearingMessage): MessageRole {
  if (!isAnswer(m)) return 'operator'
  if (m.job_message.error !== undefined && m.job_message.error !== null) return 'error'
  return m.job_message.stopped === true ? 'stopped' : 'answer'
}
