import { randomUUID } from 'node:crypto'
import { jobInboxId } from '../../shared/contract/inbox'
import { DEFAULT_JOB_CONFIG } from '../../shared/contract/job'

const DEFAULT_CONFIG_JSON = JSON.stringify(DEFAULT_JOB_CONFIG)
const NAME_FROM_MESSAGE_MAX = 120

/** The name a new inbox shows until it is renamed or gets its first message. */
export function defaultInboxName(providerId: string): string {
  return `New job with ${providerId}`
}

/** The inbox name a first message gives: its first non-blank line, up to 120 characters. */
export function nameFromMessage(content: string): string | undefined {
  const line = content.split(/\r?\n/).find((l) => l.trim() !== '')
  return line ? [...line.trim()].slice(0, NAME_FROM_MESSAGE_MAX).join('') : undefined
}

export interface JobDefaults {
  readonly jobId: string
  readonly inboxId: string
  readonly configJson: string
  readonly customName: string
  readonly isHidden: boolean
}

/** What a new job starts with: fresh ids, its inbox, the default config and name, shown unless asked otherwise. */
export function newJobDefaults(providerId: string, isHidden: boolean | undefined): JobDefaults {
  const jobId = `jobid_${randomUUID()}`
  return {
    jobId,
    inboxId: jobInboxId(jobId),
    configJson: DEFAULT_CONFIG_JSON,
    customName: defaultInboxName(providerId),
    isHidden: isHidden ?? false
  }
}
