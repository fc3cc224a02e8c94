import type { Inbox } from '../../src/shared/contract/inbox'

/** An inbox as lists show it, created at `created` (its place in the order when it has no message). */
export const listedInbox = (n: number, created: string, extra: Partial<Inbox> = {}): Inbox =>
  ({
    custom_name: `inbox ${n}`,
    datetime_created: created,
    inbox_id: `job_inbox::job${n}::false`,
    is_finished: false,
    is_hidden: false,
    is_pinned: false,
    agent: { id: 'gpt' },
    job_config: null,
    job_scope: null,
    last_message: null,
    ...extra
  }) as unknown as Inbox
