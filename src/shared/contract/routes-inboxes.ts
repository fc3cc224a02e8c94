import { z } from 'zod'
import { routePaths } from './route-paths'
import { SMALL_BODY_LIMIT } from './limits'
import { InboxSchema } from './inbox'
import {
  ExportMessagesRequestSchema,
  ExportMessagesResponseSchema,
  GetInboxQuerySchema,
  InboxBarRowsQuerySchema,
  InboxBarRowsResponseSchema,
  InboxPlaceQuerySchema,
  InboxPlaceResponseSchema,
  InboxSearchHitSchema,
  PaginatedInboxesQuerySchema,
  PaginatedInboxesResponseSchema,
  RemoveJobRequestSchema,
  RemoveJobsRequestSchema,
  RemoveJobsResponseSchema,
  RetryMessageRequestSchema,
  SearchInboxesQuerySchema,
  UpdateInboxPinnedRequestSchema,
  UpdateJobHiddenRequestSchema
} from './inbox-management'

/** Inboxes at scale (pages, one inbox, search) and managing conversations (remove, hide, pin, retry, export). */
export const inboxRoutes = {
  all_inboxes_paginated: {
    ...routePaths.all_inboxes_paginated,
    auth: true,
    query: PaginatedInboxesQuerySchema,
    description: 'One page of inboxes in all_inboxes order (job_scope null), after the inbox named by offset; with total_count.',
    response: PaginatedInboxesResponseSchema
  },
  get_inbox: {
    ...routePaths.get_inbox,
    auth: true,
    query: GetInboxQuerySchema,
    description: 'One inbox, with its job_scope.',
    response: InboxSchema
  },
  inbox_place: {
    ...routePaths.inbox_place,
    auth: true,
    query: InboxPlaceQuerySchema,
    description:
      'Beyond the contract: the place of one inbox in all_inboxes_paginated order with the same filters (0 the first), null when they leave it out.',
    response: InboxPlaceResponseSchema
  },
  inbox_bar_rows: {
    ...routePaths.inbox_bar_rows,
    auth: true,
    query: InboxBarRowsQuerySchema,
    description:
      "Beyond the contract: a page of a list's inboxes in all_inboxes_paginated order with the same filters, only what a bulk bar needs (id, name, flags, whether an answer is awaited); up to 5,000 a page.",
    response: InboxBarRowsResponseSchema
  },
  search_inboxes: {
    ...routePaths.search_inboxes,
    auth: true,
    query: SearchInboxesQuerySchema,
    description: 'Inboxes whose name or a message holds every word of q (as word prefixes, ignoring case and accents), best first.',
    response: z.array(InboxSearchHitSchema)
  },
  remove_job: {
    ...routePaths.remove_job,
    auth: true,
    body: RemoveJobRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Deletes a job, its inbox and its messages; an answer being written is cancelled.',
    response: z.literal('Successfully removed job')
  },
  remove_jobs: {
    ...routePaths.remove_jobs,
    auth: true,
    body: RemoveJobsRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Deletes 1-1000 jobs as remove_job does, all or nothing (404 naming the first unknown id).',
    response: RemoveJobsResponseSchema
  },
  update_job_hidden: {
    ...routePaths.update_job_hidden,
    auth: true,
    body: UpdateJobHiddenRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: "Hides or shows a job's inbox.",
    response: z.literal('Successfully updated job')
  },
  update_inbox_pinned: {
    ...routePaths.update_inbox_pinned,
    auth: true,
    body: UpdateInboxPinnedRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Pins or unpins an inbox (the list order does not change).',
    response: z.literal('Successfully updated inbox')
  },
  retry_message: {
    ...routePaths.retry_message,
    auth: true,
    body: RetryMessageRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Answers again the question an answer, error note or stopped answer replied to; the new answer is appended.',
    response: z.literal('Successfully queued')
  },
  export_messages_from_inbox: {
    ...routePaths.export_messages_from_inbox,
    auth: true,
    body: ExportMessagesRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Every message of an inbox as Markdown, text, or the JSON last_messages returns (hashes included).',
    response: ExportMessagesResponseSchema
  }
} as const
