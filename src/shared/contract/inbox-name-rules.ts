/** An inbox's name, apart from the schemas: the window checks it as it is typed without loading zod. */
import { codePointsAtMost } from './code-points'

/** The most characters (code points: an emoji counts as one) an inbox's name may have. */
export const INBOX_NAME_MAX = 200

export const INBOX_NAME_RULE = `Enter a name of 1 to ${INBOX_NAME_MAX} characters, not only spaces.`

/** A name the node takes: not blank, at most INBOX_NAME_MAX characters. */
export const isInboxName = (name: string): boolean => name.trim() !== '' && codePointsAtMost(name, INBOX_NAME_MAX)
