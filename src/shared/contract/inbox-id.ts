/** The inbox-id format, apart from the schemas: the window's first screen uses it without loading zod. */

/** The id of a job's inbox: `job_inbox::<job_id>::false` (the seed's format, the only place it is written). */
export function jobInboxId(jobId: string): string {
  return `${INBOX_PREFIX}${jobId}${INBOX_SUFFIX}`
}
const INBOX_PREFIX = 'job_inbox::'
const INBOX_SUFFIX = '::false'

/** The job id inside a job inbox's id; an id in another format is returned unchanged. */
export function jobIdOfInbox(inboxId: string): string {
  return inboxId.startsWith(INBOX_PREFIX) && inboxId.endsWith(INBOX_SUFFIX) && inboxId.length > INBOX_PREFIX.length + INBOX_SUFFIX.length
    ? inboxId.slice(INBOX_PREFIX.length, -INBOX_SUFFIX.length)
    : inboxId
}
