import { errorNoteParts, failedAnswerText } from './error-note'
import { STOPPED_BEFORE_ANY_TEXT, stoppedAnswerText } from './stopped-answer'
import { messageRole } from '../../../../shared/message-role'
import { modelKind } from '../../../../shared/contract/model-kind'
import type { Inbox } from '../../../../shared/contract/inbox'

/** What one line of the inbox list shows. */
export interface InboxRowData {
  readonly inboxId: string
  readonly name: string
  readonly providerId: string
  readonly model: string
  /** First line of the last message, or null when there is none. */
  readonly preview: string | null
  readonly previewIsError: boolean
  /** The last message is an answer the operator stopped: the preview says so before its partial text. */
  readonly previewIsStopped: boolean
  /**
   * The last message is the operator's: its answer has not come yet (being asked for or written, here
   * or by another client), and deleting the conversation cancels it.
   */
  readonly awaitsAnswer: boolean
  /** The last message's time, or the creation time. */
  readonly activity: string
  readonly isHidden: boolean
  readonly isPinned: boolean
}

/**
 * A line of Markdown as the words it shows: answers are Markdown, and the list shows them as one
 * line of text, where `**`, `#` and link targets would only be noise. Only marks that are clearly
 * Markdown go (`2 ** 8`, `a * b` and snake_case stay).
 */
function markdownLineText(line: string): string {
  if (/^\s*(```|~~~)/.test(line) || /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) return '' // fences, table rules
  return line
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+(\[[ xX]\]\s+)?)/, '') // heading, quote, bullet (numbered items keep their numbers)
    .replace(/^\s*\|(.*?)\|?\s*$/, '$1') // a table row's outer pipes
    .replace(/!?\[([^\]\n]*)\]\([^)\s]*(?:\s+"[^"]*")?\)/g, '$1') // [text](url) and images: the text
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2') // **strong**
    .replace(/(^|[^\w*])([*_])(?=\S)(.+?)(?<=\S)\2(?![\w*])/g, '$1$3') // *em*, _em_ (not snake_case, not a * b)
    .replace(/`+([^`\n]+?)`+/g, '$1') // `code`
}

/** The first 200 characters with blanks collapsed, read from the text's start only (an answer may be 1 MiB). */
function previewText(content: string): string {
  const start = content.search(/\S/)
  if (start < 0) return ''
  return content
    .slice(start, start + 2000)
    .split('\n')
    .map(markdownLineText)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200)
}

/** The inbox's last message is a question not answered yet (see InboxRowData.awaitsAnswer). */
export const awaitsAnswer = (inbox: Inbox): boolean => !!inbox.last_message && messageRole(inbox.last_message) === 'operator'

export function toRow(inbox: Inbox): InboxRowData {
  const last = inbox.last_message
  const content = last?.job_message.content ?? null
  // An error note (the node marks it with `job_message.error`) is not the model's words: the preview says
  // the answer failed, and why (the note, not the part of an answer received before it broke off).
  const failed = !!last && messageRole(last) === 'error'
  // A stopped answer (job_message.stopped) says it was stopped, as a failed one says it failed: its partial
  // text alone read as a whole answer. One stopped before its first word has no text of its own to show.
  const stopped = !!last && messageRole(last) === 'stopped'
  const preview =
    content === null
      ? null
      : stopped && content.trim() === ''
        ? STOPPED_BEFORE_ANY_TEXT
        : failed
          ? previewText(failedAnswerText(errorNoteParts(content).note))
          : stopped
            ? stoppedAnswerText(previewText(content))
            : previewText(content)
  let model = ''
  try {
    model = modelKind(inbox.agent.model).modelType
  } catch {
    /* a model shape this UI does not know: show none */
  }
  return {
    inboxId: inbox.inbox_id,
    name: inbox.custom_name,
    providerId: inbox.agent.id,
    model,
    preview,
    previewIsError: failed,
    previewIsStopped: stopped,
    awaitsAnswer: awaitsAnswer(inbox),
    activity: last?.node_api_data.node_timestamp ?? inbox.datetime_created,
    isHidden: inbox.is_hidden,
    isPinned: inbox.is_pinned
  }
}
