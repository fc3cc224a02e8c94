import type { LastMessage } from '../../src/shared/contract/message'

/** Where a message of the conversation stands, and what else its job_message carries (an error, stopped). */
export interface MessagePlace {
  /** Its node_message_hash. */
  hash?: string
  /** The hash of the question it answers ('' for a question). */
  parent?: string
  /** Its node_timestamp. */
  timestamp?: string
  /** More fields of its job_message. */
  job?: Record<string, unknown>
}

/** The inbox of the conversation the messages below are in. */
export const CONVERSATION_INBOX = 'job_inbox::jobid_a::false'

function conversationMessage(content: string, sender_subidentity: string, place: MessagePlace): LastMessage {
  const { hash = 'h', parent = '', timestamp = '2026-01-01T00:00:00.000Z', job = {} } = place
  return {
    inbox: CONVERSATION_INBOX,
    job_message: {
      callback: null,
      content,
      files_inbox: '',
      job_id: 'jobid_a',
      parent,
      sheet_job_data: '',
      workflow_code: '',
      workflow_name: '',
      ...job
    },
    node_api_data: { node_message_hash: hash, node_timestamp: timestamp, parent_hash: '' },
    receiver: '@@localhost.sep-shinkai',
    receiver_subidentity: '',
    sender: '@@localhost.sep-shinkai',
    sender_subidentity
  }
}

/** A question the operator asked in jobid_a, in the shape the window reads (messages.last_messages). */
export const questionMessage = (content: string, place: MessagePlace = {}): LastMessage => conversationMessage(content, 'main', place)

/** An answer of the provider gpt in jobid_a, in the shape the window reads (messages.last_messages). */
export const answerMessage = (content: string, place: MessagePlace = {}): LastMessage =>
  conversationMessage(content, 'main/agent/gpt', place)
