import type { ComponentProps } from 'react'
import { MessageList } from '../../src/renderer/src/features/inboxes/MessageList'
import type { LastMessage } from '../../src/shared/contract/message'
import { answerMessage, CONVERSATION_INBOX, questionMessage } from './conversation-message'

/** The conversation's list (CONVERSATION_INBOX) showing `messages`: nothing older, no answer written or awaited, unless `props` say otherwise. */
export const listOf = (messages: LastMessage[], props: Partial<ComponentProps<typeof MessageList>> = {}) => (
  <MessageList
    inboxId={CONVERSATION_INBOX}
    messages={messages}
    hasOlder={false}
    loadingOlder={false}
    onLoadOlder={() => {}}
    streaming={false}
    waiting={false}
    onRetry={() => {}}
    onSwitchProvider={() => {}}
    {...props}
  />
)

/**
 * A maker of the conversation's messages (conversation-message.ts), the n-th with the hash `hashOf(n)` and stored at
 * second n % 10 of 10:00 on 2026-11-22: a question, or with `answers` (its question's hash) an answer, with `job`'s
 * fields in its job_message.
 */
export function messageMaker(hashOf = (n: number) => `h${n}`) {
  let seq = 0
  return (content: string, { answers, job }: { answers?: string; job?: Record<string, unknown> } = {}): LastMessage => {
    seq++
    const place = { hash: hashOf(seq), parent: answers ?? '', timestamp: `2026-11-22T10:00:0${seq % 10}.000Z`, job }
    return answers === undefined ? questionMessage(content, place) : answerMessage(content, place)
  }
}
