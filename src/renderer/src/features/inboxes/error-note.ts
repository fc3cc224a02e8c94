/** Where the node's note begins in an error note's content ("⚠ " after a blank line). */
const NOTE_MARK = '\n\n⚠ '

/**
 * An error note's content in its two parts: the answer's text that had streamed before the
 * provider failed (empty when none had), and the note saying why, without its warning sign.
 * The node writes the note last and its sentences carry no blank line, so the last mark is its start.
 */
export function errorNoteParts(content: string): { readonly received: string; readonly note: string } {
  if (/^\s*⚠/.test(content)) return { received: '', note: content.replace(/^\s*⚠\s*/, '') }
  const at = content.lastIndexOf(NOTE_MARK)
  if (at < 0) return { received: '', note: content }
  return { received: content.slice(0, at), note: content.slice(at + NOTE_MARK.length) }
}

/** What a failed attempt's line starts with (a search hit quoting one says it before the quote, see InboxRow). */
export const FAILED_ANSWER_LEAD = 'Answer failed: '

/**
 * How a failed attempt is told in one line (the inbox list's preview, the spoken announcement): that the
 * answer failed, then the node's note saying why. Never as the model's words.
 */
export const failedAnswerText = (note: string) => `${FAILED_ANSWER_LEAD}${note}`
