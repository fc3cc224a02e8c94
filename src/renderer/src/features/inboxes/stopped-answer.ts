/**
 * What a stopped answer's line starts with (the node marks it with `job_message.stopped`): the inbox list's
 * preview, a search hit quoting it, the conversation list beside an open conversation and the spoken
 * announcement say it was stopped, as a failed answer's line says it failed, before its partial text.
 */
export const STOPPED_ANSWER_LEAD = 'Answer stopped: '

/** A stopped answer told in one line: that it was stopped, then the text the provider wrote before. */
export const stoppedAnswerText = (text: string) => `${STOPPED_ANSWER_LEAD}${text}`

/** A stopped answer that had no text yet, told in one line (said as a sentence, with its full stop). */
export const STOPPED_BEFORE_ANY_TEXT = 'Answer stopped before the provider wrote anything'
