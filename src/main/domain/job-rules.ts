import { randomUUID } from 'node:crypto'
import { jobInboxId } from '../../shared/contract/inbox'
import { DEFAULT_JOB_CONFIG } from '../../shared/contract/job'
import { SHOWS_NOTHING_CHARS } from '../../shared/contract/inbox-name-rules'

const DEFAULT_CONFIG_JSON = JSON.stringify(DEFAULT_JOB_CONFIG)
const NAME_FROM_MESSAGE_MAX = 120

/** The name a new inbox shows until it is renamed or gets its first message: the provider as the operator named it, else its id. */
export function defaultInboxName(providerId: string, providerName?: string | null): string {
  return `New job with ${providerName?.trim() || providerId}`
}

/**
 * Every way a line can end, as Unicode counts them (a CRLF ends at its CR): with LF alone, a message
 * pasted from an old Mac file, a PDF or Word page (lone CR, NEL, form feed, line and paragraph
 * separators) named its inbox with the lines after the first.
 */
const LINE_END = /[\n\r\v\f\u0085\u2028\u2029]/
/**
 * Not blank: NEL ends a line but is no white space to \s; control and zero-width characters show
 * nothing (a first line of a lone U+200B named the inbox with a name the node refuses from a rename).
 */
const NON_BLANK = new RegExp(`[^\\s\\u0085${SHOWS_NOTHING_CHARS}]`, 'g')

let graphemes: Intl.Segmenter | undefined

/**
 * The start of `line` up to `max` code points, cut between characters as people see them: a cut
 * inside an emoji's ZWJ sequence or before a combining accent would leave half a symbol in the name.
 */
function headOf(line: string, max: number): string {
  const points = [...line]
  if (points.length <= max) return line
  // Made on first need: building it loads ICU's data, which a short first line never needs.
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  let head = ''
  let count = 0
  for (const { segment } of graphemes.segment(line)) {
    count += [...segment].length
    if (count > max) break
    head += segment
  }
  // One "character" of more than `max` code points (a pile of accents): cut inside it after all.
  return head === '' ? points.slice(0, max).join('') : head
}

/**
 * The inbox name a first message gives: its first non-blank line, trimmed, up to 120 characters.
 * Reads only as far as it needs: a 1 MiB single-line message is not split or spread whole.
 */
export function nameFromMessage(content: string): string | undefined {
  NON_BLANK.lastIndex = 0
  const start = NON_BLANK.exec(content)?.index
  if (start === undefined) return undefined
  // 120 code points take at most 240 UTF-16 units: nothing past that window is looked at. The one
  // unit more makes a window cut short hold 121 code points, so a character it cuts is never taken.
  const window = content.slice(start, start + NAME_FROM_MESSAGE_MAX * 2 + 1)
  const end = LINE_END.exec(window)?.index
  const line = end === undefined ? window : window.slice(0, end)
  const head = headOf(line, NAME_FROM_MESSAGE_MAX)
  // Trailing blanks are trimmed only when nothing but blanks follows on the line.
  NON_BLANK.lastIndex = start + head.length
  const next = end !== undefined && head.length === line.length ? null : NON_BLANK.exec(content)
  const lineGoesOn = next !== null && !LINE_END.test(content.slice(start + head.length, next.index))
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
