import { randomUUID } from 'node:crypto'
import { jobInboxId } from '../../shared/contract/inbox'
import { DEFAULT_JOB_CONFIG } from '../../shared/contract/job'

const DEFAULT_CONFIG_JSON = JSON.stringify(DEFAULT_JOB_CONFIG)
const NAME_FROM_MESSAGE_MAX = 120

/** The name a new inbox shows until it is renamed or gets its first message: the provider as the operator named it, else its id. */
export function defaultInboxName(providerId: string, providerName?: string | null): string {
  return `New job with ${providerName?.trim() || providerId}`
}

/**
 * The inbox name a first message gives: its first non-blank line, trimmed, up to 120 characters.
 * Reads only as far as it needs: a 1 MiB single-line message is not split or spread whole.
 */
export function nameFromMessage(content: string): string | undefined {
  const nonBlank = /\S/g
  const start = nonBlank.exec(content)?.index
  if (start === undefined) return undefined
  // 120 code points take at most 240 UTF-16 units: nothing past that window is looked at.
  const window = content.slice(start, start + NAME_FROM_MESSAGE_MAX * 2)
  const newline = window.indexOf('\n')
  const line = newline < 0 ? window : window.slice(0, newline)
  const head = [...line].slice(0, NAME_FROM_MESSAGE_MAX).join('')
  // Trailing blanks are trimmed only when nothing but blanks follows on the line.
  nonBlank.lastIndex = start + head.length
  const next = newline >= 0 && head.length === line.length ? undefined : nonBlank.exec(content)
  const lineGoesOn = next !== undefined && next !== null && !content.slice(start + head.length, next.index).includes('\n')
  return lineGoesOn ? head : head.trimEnd()
}

export interface JobDefaults {
  readonly jobId: string
  readonly inboxId: string
  readonly configJson: string
  readonly customName: string
  readonly isHidden: boolean
}

/** What a new job starts with: fresh ids, its inbox, the default config and name, shown unless asked otherwise. */
export function newJobDefaults(
  providerId: string,
  providerName: string | null | undefined,
  isHidden: boolean | null | undefined
): JobDefaults {
  const jobId = `jobid_${randomUUID()}`
  return {
    jobId,
    inboxId: jobInboxId(jobId),
    configJson: DEFAULT_CONFIG_JSON,
    customName: defaultInboxName(providerId, providerName),
    isHidden: isHidden ?? false
  }
}
