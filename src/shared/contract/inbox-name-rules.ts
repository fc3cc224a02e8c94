/** An inbox's name, apart from the schemas: the window checks it as it is typed without loading zod. */
import { codePointsAtMost } from './code-points'

/** The most characters (code points: an emoji counts as one) an inbox's name may have. */
export const INBOX_NAME_MAX = 200

export const INBOX_NAME_RULE = `Enter a name of 1 to ${INBOX_NAME_MAX} characters, not only spaces.`

/** What a list shows as nothing, as a character class's inside: control characters and the zero-width ones (a name of a lone U+200B looked blank). */
export const SHOWS_NOTHING_CHARS = '\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200d\\u2060\\ufeff'
const SHOWS_NOTHING = new RegExp(`[${SHOWS_NOTHING_CHARS}]`, 'g')

/** Whether a name shows nothing: spaces, control and zero-width characters alone. */
export const showsNothing = (name: string): boolean => name.replace(SHOWS_NOTHING, '').trim() === ''

/** A name the node takes: not blank (spaces, control and zero-width characters alone), at most INBOX_NAME_MAX characters. */
export const isInboxName = (name: string): boolean => !showsNothing(name) && codePointsAtMost(name, INBOX_NAME_MAX)

/**
 * What the window says of a name over the limit: how long it is against the limit (the rule's "1 to 200
 * characters, not only spaces" read as if spaces were the trouble, and did not say by how much it was over).
 */
export function inboxNameTooLongText(name: string): string {
  // Code points: a surrogate pair (an emoji) counts as one.
  const n = name.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '_').length
  return `A name can be at most ${INBOX_NAME_MAX} characters; this one has ${n.toLocaleString('en-US')}.`
}
