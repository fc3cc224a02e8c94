import { z } from 'zod'
import { boolParam } from './query-params'
import { FullIdentityNameSchema, ModelSchema } from './identity'
import { JobConfigSchema } from './job'
import { LastMessageSchema } from './message'
import { JobScopeSchema } from './scope'
import { INBOX_NAME_RULE, isInboxName } from './inbox-name-rules'
import { LONE_SURROGATE, LONE_SURROGATE_RULE } from './limits'

/** Seed 2.5: an element of all_inboxes. */
export const InboxSchema = z.looseObject({
  custom_name: z.string(),
  datetime_created: z.string(),
  inbox_id: z.string(),
  is_finished: z.boolean(),
  is_hidden: z.boolean(),
  is_pinned: z.boolean(),
  agent: z.looseObject({ full_identity_name: FullIdentityNameSchema, id: z.string(), model: ModelSchema }),
  job_config: JobConfigSchema,
  job_scope: JobScopeSchema.nullable(),
  last_message: LastMessageSchema.nullable()
})
export type Inbox = z.infer<typeof InboxSchema>

export const AllInboxesQuerySchema = z.object({
  show_hidden: boolParam.optional(),
  /** Beyond the contract: `false` answers `job_scope: null` (a shape the seed allows), for lists that do not show scopes. */
  include_scope: boolParam.optional()
})

export const UpdateInboxNameRequestSchema = z.strictObject({
  inbox_name: z.string().min(1),
  // 1-200 characters: code points, so 200 emoji fit as well as 200 letters.
  // A lone surrogate (an unpaired \ud800 escape) has no UTF-8 form: stored, it would come back as U+FFFD.
  custom_name: z
    .string({ error: INBOX_NAME_RULE })
    .refine((s) => !LONE_SURROGATE.test(s), { error: LONE_SURROGATE_RULE, abort: true })
    .refine(isInboxName, { error: INBOX_NAME_RULE })
})

export { jobIdOfInbox, jobInboxId } from './inbox-id'
