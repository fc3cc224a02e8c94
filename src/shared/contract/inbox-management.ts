import { z } from 'zod'
import { boolParam, intParam } from './query-params'
import { InboxSchema } from './inbox'
import { SEARCH_QUERY_MAX } from './inbox-search-rules'
import { codePointsAtMost } from './code-points'

const required = () => z.string().min(1, { error: 'required' })

export const PaginatedInboxesQuerySchema = z.object({
  limit: intParam(1, 200).optional(),
  /** The inbox_id of the last inbox of the previous page. */
  offset: z.string().min(1, { error: 'expected an inbox_id' }).optional(),
  /**
   * Beyond the contract (a list's scrollbar dragged far): the page starting at this place of the order,
   * 0 the first inbox. Instead of offset, not with it.
   */
  position: intParam(0, 999_999_999).optional(),
  show_hidden: boolParam.optional(),
  pinned: boolParam.optional()
})

export const PaginatedInboxesResponseSchema = z.strictObject({
  inboxes: z.array(InboxSchema),
  hasNextPage: z.boolean(),
  total_count: z.number().int()
})

export const GetInboxQuerySchema = z.object({ inbox_name: required() })

/** Beyond the contract: where an inbox stands in a list (a conversation opened from search, then Alt+Up/Down). */
export const InboxPlaceQuerySchema = z.object({
  inbox_name: required(),
  show_hidden: boolParam.optional(),
  pinned: boolParam.optional()
})

/** `position`: 0 the first inbox of the list as filtered; null when the filters leave the inbox out. */
export const InboxPlaceResponseSchema = z.strictObject({ position: z.number().int().nullable() })

/** The largest page of inbox_bar_rows: its rows are small (an id, a name, three flags, as an array). */
export const BAR_ROWS_PAGE_MAX = 5000

/**
 * Beyond the contract: the rows of a list as a bulk bar needs them (Ctrl+A in the window), in
 * all_inboxes_paginated order with the same filters. `after` is the `next` of the page before (a
 * place in the order, not an inbox: one removed or moved meanwhile does not matter); `position` as
 * all_inboxes_paginated has it. Neither: from the start.
 */
export const InboxBarRowsQuerySchema = z.object({
  limit: intParam(1, BAR_ROWS_PAGE_MAX).optional(),
  after: z
    .string()
    .regex(/^\d{1,15}:[^\n]{1,100}$/, { error: "expected the 'next' of a page before" })
    .optional(),
  position: intParam(0, 999_999_999).optional(),
  show_hidden: boolParam.optional(),
  pinned: boolParam.optional()
})

/**
 * A row, compact: an array `[inbox_id, custom_name, is_hidden, is_pinned, awaits_answer]` in this order,
 * not an object naming its fields (the names were 65 of a row's ~152 bytes: 15.2 MB at 100,000
 * inboxes). `awaits_answer`: the last message is the operator's (a question not answered yet), as the
 * window's list decides it.
 */
export const InboxBarRowSchema = z.tuple([z.string(), z.string(), z.boolean(), z.boolean(), z.boolean()])

export type InboxBarRow = [inboxId: string, customName: string, isHidden: boolean, isPinned: boolean, awaitsAnswer: boolean]

export const InboxBarRowsResponseSchema = z.strictObject({
  rows: z.array(InboxBarRowSchema),
  /** What to give as `after` for the page after this one; null when this one is the last. */
  next: z.string().nullable(),
  total_count: z.number().int()
})

export const SearchInboxesQuerySchema = z.object({
  q: z
    .string()
    .min(1, { error: 'required' })
    // Characters (code points), as every length the contract gives: an emoji is one, not two.
    .refine((s) => codePointsAtMost(s, SEARCH_QUERY_MAX), { error: `must be at most ${SEARCH_QUERY_MAX} characters` }),
  limit: intParam(1, 100).optional(),
  show_hidden: boolParam.optional()
})

export const InboxSearchHitSchema = z.strictObject({
  inbox: InboxSchema,
  /** The matching text, at most 200 characters. */
  snippet: z.string()
})

export const RemoveJobRequestSchema = z.strictObject({ job_id: z.string().min(1) })

export const RemoveJobsRequestSchema = z.strictObject({
  job_ids: z.array(z.string().min(1)).min(1, { error: 'expected 1 to 1000 job ids' }).max(1000, { error: 'expected 1 to 1000 job ids' })
})
export const RemoveJobsResponseSchema = z.strictObject({ removed: z.number().int() })

export const UpdateJobHiddenRequestSchema = z.strictObject({ job_id: z.string().min(1), is_hidden: z.boolean() })

export const UpdateInboxPinnedRequestSchema = z.strictObject({ inbox_name: z.string().min(1), pinned: z.boolean() })

export const RetryMessageRequestSchema = z.strictObject({
  inbox_name: z.string().min(1),
  /** node_message_hash of an answer, an error note or a stopped answer. */
  message_id: z.string().min(1)
})

export const ExportFormatSchema = z.enum(['markdown', 'json', 'txt'])
export type ExportFormat = z.infer<typeof ExportFormatSchema>
export const ExportMessagesRequestSchema = z.strictObject({ inbox_name: z.string().min(1), format: ExportFormatSchema })
export const ExportMessagesResponseSchema = z.strictObject({ filename: z.string(), content: z.string() })
