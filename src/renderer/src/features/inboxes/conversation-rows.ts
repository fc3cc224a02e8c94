import type { LastMessage } from '../../../../shared/contract/message'
import { isAnswer, messageRole } from '../../../../shared/message-role'

/** One row of the conversation view. */
export type ConversationRow =
  | { readonly kind: 'question'; readonly key: string; readonly message: LastMessage }
  /** Every reply (answer, stopped answer or error note) to one question, oldest first; the view shows them as versions (answer-versions.ts). */
  | { readonly kind: 'answers'; readonly key: string; readonly answers: readonly LastMessage[] }

const hashOf = (m: LastMessage) => m.node_api_data.node_message_hash

/** True for a message written in reply to the operator: an answer, a stopped answer or an error note. */
export const isReply = (m: LastMessage) => isAnswer(m) || messageRole(m) === 'error'

/**
 * True when the newest question in `messages` (oldest first) has no reply yet: it waits for its answer.
 * Questions are answered in order, so this also holds for a question sent while the one before it was
 * answered: that answer is stored after it, and the newest message is then an answer although the
 * question still waits. A reply with no `parent` (written before replies named their question) counts
 * for the question before it.
 */
export function questionAwaited(messages: readonly LastMessage[]): boolean {
  const at = messages.findLastIndex((m) => !isReply(m))
  if (at < 0) return false
  const hash = hashOf(messages[at]!)
  return !messages.some((m, i) => isReply(m) && (m.job_message.parent ? m.job_message.parent === hash : i > at))
}

/**
 * When the provider's silence began (a node_timestamp) while a question in `messages` (oldest first)
 * waits (see questionAwaited), else undefined. Questions are answered in order: the provider took up
 * the oldest question with no reply when it was sent, or, sent while the one before it was answered,
 * when that answer was stored: whichever is later. Questions sent after it do not restart the wait.
 */
export function awaitedSince(messages: readonly LastMessage[]): string | undefined {
  if (!questionAwaited(messages)) return undefined
  const named = new Set(messages.flatMap((m) => (isReply(m) && m.job_message.parent ? [m.job_message.parent] : [])))
  const lastBareReply = messages.findLastIndex((m) => isReply(m) && !m.job_message.parent)
  const oldest = messages.find((m, i) => !isReply(m) && i > lastBareReply && !named.has(hashOf(m)))
  const newestReply = messages.findLast(isReply)
  const at = (m: LastMessage | undefined) => m?.node_api_data.node_timestamp
  if (!oldest || !newestReply) return at(oldest ?? messages.at(-1))
  return Date.parse(at(newestReply)!) > Date.parse(at(oldest)!) ? at(newestReply) : at(oldest)
}

/**
 * The key of the row showing the `count` answers to question `parent`. It names the row by what it
 * shows (the question's answer number `count`), not by a stored hash, so the row of an answer being
 * written (see tailKey) and the row of that answer once stored are one row to the virtual list: it
 * keeps the row's measured height and the reader's place in it instead of jumping to the end.
 */
export const answersRowKey = (parent: string, count: number) => `answers:${parent}:${count}`

/**
 * The rows of a conversation: each question, then its answers grouped in one row right under it
 * (`retry_message` appends a new answer to the same question at the end of the inbox, and a question
 * sent while the one before it was answered is stored before that answer). A reply whose question is
 * not loaded (an older page) or unknown (no `parent`) stays where it is.
 */
export function conversationRows(messages: readonly LastMessage[]): ConversationRow[] {
  const questions = new Set(messages.filter((m) => !isReply(m)).map(hashOf))
  const answersTo = new Map<string, LastMessage[]>()
  for (const m of messages) {
    const parent = m.job_message.parent
    if (!isReply(m) || !parent) continue
    const list = answersTo.get(parent)
    if (list) list.push(m)
    else answersTo.set(parent, [m])
  }
  const answersRow = (parent: string, answers: readonly LastMessage[]): ConversationRow => ({
    kind: 'answers',
    key: answersRowKey(parent, answers.length),
    answers
  })
  const rows: ConversationRow[] = []
  const placed = new Set<string>()
  for (const m of messages) {
    if (!isReply(m)) {
      rows.push({ kind: 'question', key: hashOf(m), message: m })
      const answers = answersTo.get(hashOf(m))
      if (answers) {
        rows.push(answersRow(hashOf(m), answers))
        placed.add(hashOf(m))
      }
      continue
    }
    const parent = m.job_message.parent
    if (!parent) rows.push({ kind: 'answers', key: hashOf(m), answers: [m] })
    else if (!questions.has(parent) && !placed.has(parent)) {
      rows.push(answersRow(parent, answersTo.get(parent)!))
      placed.add(parent)
    }
  }
  return rows
}

/**
 * Where the row of the answer being written to `parent` goes: right after that question's answers when
 * it has some (a regenerated answer, read where its question is), else right after the question (a
 * first answer; a question sent after it may follow), else at the end.
 */
export function tailIndex(rows: readonly ConversationRow[], parent: string | undefined): number {
  if (parent) {
    const at = rows.findIndex((r) => r.kind === 'answers' && r.answers[0]!.job_message.parent === parent)
    if (at >= 0) return at + 1
    const question = rows.findIndex((r) => r.kind === 'question' && r.key === parent)
    if (question >= 0) return question + 1
  }
  return rows.length
}

/**
 * The key of the row of the answer being written to `parent`: the key its question's answers row
 * will have once it is stored (one answer more), so the stored answer takes its place.
 */
export function tailKey(rows: readonly ConversationRow[], parent: string | undefined): string {
  if (!parent) return 'tail'
  const row = rows.find((r) => r.kind === 'answers' && r.answers[0]!.job_message.parent === parent)
  return answersRowKey(parent, row?.kind === 'answers' ? row.answers.length + 1 : 1)
}
