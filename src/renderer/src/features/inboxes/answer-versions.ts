import type { LastMessage } from '../../../../shared/contract/message'
import { messageRole } from '../../../../shared/message-role'

/** A question's replies as the conversation shows them. */
export interface AnswerVersions {
  /** Its answers, stopped ones included, oldest first: what ‹ n/m › counts and browses. The last is the current one. */
  readonly versions: readonly LastMessage[]
  /** The error note of its latest attempt, when that attempt failed (nothing came after it). */
  readonly failed: LastMessage | undefined
}

/**
 * The versions of the answer to one question, from its replies (oldest first). An error note is a
 * failed attempt, not a version: one that a later answer replaced (a Retry that worked) is not shown
 * any more, and the latest attempt's note is shown with its Retry until an answer comes. The current
 * answer is the latest version, as for the node, which gives the model that one and never an error
 * note (src/main/runtime/prompt.ts).
 */
export function answerVersions(replies: readonly LastMessage[]): AnswerVersions {
  const versions = replies.filter((m) => messageRole(m) !== 'error')
  const last = replies[replies.length - 1]
  return { versions, failed: last && messageRole(last) === 'error' ? last : undefined }
}
