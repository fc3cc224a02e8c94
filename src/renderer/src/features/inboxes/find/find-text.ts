import type { LastMessage } from '../../../../../shared/contract/message'
import { isAnswer, messageRole } from '../../../../../shared/message-role'
import { errorNoteParts } from '../error-note'
import { spokenText } from '../answer/spoken-text'

/*
 * The text of a message as the conversation shows it, which the find in the conversation (Ctrl+F)
 * matches: a word only in a link's address or in the Markdown's marks counted as a match that nothing
 * on the screen showed (find-highlight.ts marks the text drawn).
 */

/** Each message's shown text, parsed once: a 5,000-message conversation is searched again for each word typed. */
const shown = new WeakMap<LastMessage, string>()

/**
 * What the reader sees of `m` (MessageList): an answer's Markdown as AnswerText renders it (a link's
 * words, not its address; code, headings and tables without their marks; spokenText), with a failed
 * attempt's note after the part received; the operator's own text as typed.
 */
export function shownText(m: LastMessage): string {
  let text = shown.get(m)
  if (text === undefined) {
    const content = m.job_message.content
    if (!isAnswer(m)) text = content
    else if (messageRole(m) !== 'error') text = spokenText(content)
    else {
      const { received, note } = errorNoteParts(content)
      text = `${spokenText(received)}\n${note}`
    }
    shown.set(m, text)
  }
  return text
}
