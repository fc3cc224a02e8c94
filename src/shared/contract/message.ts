import { z } from 'zod'
import { CONTENT_TOO_LARGE, MAX_MESSAGE_CONTENT_BYTES, MAX_REFERENCE_CHARS, referenceTooLong, utf8Length } from './limits'

/** Seed 2.5 JobMessage. */
export const JobMessageSchema = z.looseObject({
  content: z.string(),
  files_inbox: z.string(),
  job_id: z.string(),
  callback: z.looseObject({ Job: z.unknown() }).nullable().optional(),
  parent: z.string(),
  sheet_job_data: z.string(),
  workflow_code: z.string(),
  workflow_name: z.string()
})
export type JobMessage = z.infer<typeof JobMessageSchema>

export const NodeApiDataSchema = z.strictObject({
  node_message_hash: z.string(),
  node_timestamp: z.string(),
  parent_hash: z.string()
})

/** Seed 2.5 LastMessage: the stored shape of every message. */
export const LastMessageSchema = z.looseObject({
  inbox: z.string(),
  job_message: JobMessageSchema,
  node_api_data: NodeApiDataSchema,
  receiver: z.string(),
  receiver_subidentity: z.string(),
  sender: z.string(),
  sender_subidentity: z.string()
})
export type LastMessage = z.infer<typeof LastMessageSchema>

export const JobMessageRequestSchema = z.strictObject({
  job_id: z.string().min(1),
  content: z
    .string()
    // status 413: the router answers Payload Too Large for this issue, not 400.
    .refine((s) => utf8Length(s) <= MAX_MESSAGE_CONTENT_BYTES, { error: CONTENT_TOO_LARGE, params: { status: 413 }, abort: true })
    .refine((s) => s.trim() !== '', { error: 'must not be empty' }),
  // Stored with the message as given: without a bound they took the rest of the request's 8 MiB, and a
  // message its 1 MiB limit was meant to keep small came back from every read of its inbox at 8 MB.
  parent: z
    .string()
    .max(MAX_REFERENCE_CHARS, { error: referenceTooLong('the node_message_hash of a message') })
    .nullable()
    .optional(),
  files_inbox: z
    .string()
    .max(MAX_REFERENCE_CHARS, { error: referenceTooLong('an inbox') })
    .nullable()
    .optional()
})
export type JobMessageRequest = z.infer<typeof JobMessageRequestSchema>

export const JobMessageResponseSchema = z.strictObject({
  inbox: z.string(),
  node_message_hash: z.string(),
  node_timestamp: z.string()
})

export const LastMessagesRequestSchema = z.strictObject({
  inbox_name: z.string().min(1),
  // null, as upstream clients send an absent Option, is the default (as for offset_key).
  limit: z.number().int().min(1).max(500).nullable().optional(),
  offset_key: z.string().min(1).nullable().optional()
})
