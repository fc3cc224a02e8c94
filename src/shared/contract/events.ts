import { z } from 'zod'
import { InboxSchema } from './inbox'

/** What /v2/events (SSE) and the bridge's onEvent deliver. */
export const NodeEventSchema = z.discriminatedUnion('type', [
  // `inbox`: the inbox as lists show it (job_scope null), or null once removed: clients patch their copy.
  z.object({ type: z.literal('inbox_changed'), data: z.object({ inbox_id: z.string(), inbox: InboxSchema.nullable() }) }),
  z.object({ type: z.literal('provider_changed'), data: z.object({ id: z.string() }) }),
  // `parent`: the question being answered, so a client can tell one answer's text from the next's.
  z.object({ type: z.literal('message_delta'), data: z.object({ inbox: z.string(), text: z.string(), parent: z.string() }) }),
  // The answer to `parent` waits `wait_ms` before the provider is called again, from the start (text
  // streamed for it so far is dropped): the provider asked to slow down (HTTP 429, `rate_limit`), or this
  // machine failed the call or could not store the answer (out of descriptors, a full disk: `local_error`).
  z.object({
    type: z.literal('answer_paused'),
    data: z.object({
      inbox: z.string(),
      parent: z.string(),
      reason: z.enum(['rate_limit', 'local_error']),
      wait_ms: z.number().int().nonnegative()
    })
  }),
  // A file or folder at `path` was added, changed (e.g. embedded) or removed: clients look again.
  z.object({ type: z.literal('vector_fs_changed'), data: z.object({ path: z.string() }) })
])
export type NodeEvent = z.infer<typeof NodeEventSchema>
export type NodeEventType = NodeEvent['type']
