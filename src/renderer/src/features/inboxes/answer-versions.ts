import type { LastMessage } from '../../../../shared/contract/message'
import { messageRole } from '../../../../shared/message-role'
import { errorNoteParts } from './error-note'

/** A question's replies as the conversation shows them. */
export interface AnswerVersions {
  /**
   * What ‹ n/m › counts and browses, oldest first: its answers, stopped ones included, and the attempts
   * that broke off after part of an answer had come, once a later attempt followed (that part stays readable).
   */
  readonly versions: readonly LastMessage[]
  /** The version shown first: the current answer, the one the node gives the model (never an error note). */
  readonly current: number
  /** The error note of its latest attempt, when that attempt failed (nothing came after it). */
  readonly failed: LastMessage | undefined
  /**
   * How many attempts in a row failed, up to the latest (0 when it did not fail): a Retry that fails
   * again leaves a note like the last, and the count is what shows the operator it was tried.
   */
  readonly failedInARow: number
}

/** An error note (marked by the node with `job_message.error`) that kept the part of an answer received before it broke off. */
export const isBrokenOff = (m: LastMessage) => messageRole(m) === 'error' && errorNoteParts(m.job_message.content).received !== ''

/**
 * The versions of the answer to one question, from its replies (oldest first). An error note is a
 * failed attempt, not an answer: the latest attempt's note is shown with its Retry until an answer
 * comes, and one with nothing received goes once a later attempt replaces it. One that broke off
 * after part of an answer came is kept as a version once replaced (marked as broken off where it is
 * shown), so what that attempt had said can still be read, as it can on the node and in exports.
 * The current answer is the latest version that is an answer, as for the node, which gives the model
 * that one and never an error note (src/main/runtime/prompt.ts); with none, the latest version.
 */
export function answerVersions(replies: readonly LastMessage[]): AnswerVersions {
  const last = replies[replies.length - 1]
  const failed = last && messageRole(last) === 'error' ? last : undefined
  const versions = replies.filter((m) => messageRole(m) !== 'error' || (m !== failed && isBrokenOff(m)))
  const answered = versions.findLastIndex((m) => messageRole(m) !== 'error')
  const lastNonError = replies.findLastIndex((m) => messageRole(m) !== 'error')
  const failedInARow = failed ? replies.length - 1 - lastNonError : 0
  return { versions, current: answered >= 0 ? answered : versions.length - 1, failed, failedInARow }
}
