import { useState } from 'react'
import type { LastMessage } from '../../../../../shared/contract/message'
import { holdsEvery } from '../../../../../shared/search-matches'
import { spokenText } from '../answer/spoken-text'

/*
 * What the find in the conversation (Ctrl+F) shows of its current match that the conversation hides:
 * an answer version other than the one shown (‹ n/m ›), the part of a long text after its preview
 * ("Show all"). Without it the match was counted and scrolled to, but no word of it could be seen.
 */

/** The find's words and its current match (a message's hash), as the rows read them. */
export interface FoundNow {
  readonly words: readonly string[]
  readonly current: string | undefined
}

export const NOTHING_NOW: FoundNow = { words: [], current: undefined }

/**
 * The version of `versions` to show because the find just went to it (the index), once each time the
 * find goes to a match: the operator's arrows then pick another as before. Undefined otherwise.
 */
export function useFoundVersion(versions: readonly LastMessage[], current: string | undefined): number | undefined {
  const [wentTo, setWentTo] = useState<string | undefined>(undefined)
  if (current === wentTo) return undefined
  setWentTo(current)
  const at = current === undefined ? -1 : versions.findIndex((m) => m.node_api_data.node_message_hash === current)
  return at >= 0 ? at : undefined
}

/**
 * Whether the find's `words` need a long text's whole: its `preview` (shown before "Show all") lacks one
 * of them as shown, Markdown's as AnswerText renders it (spokenText: a word only in a link's address is
 * not shown, and the find matched the word further on).
 */
export const hiddenByPreview = (preview: string | null, words: readonly string[] | undefined, markdown = false): boolean =>
  preview !== null && words !== undefined && words.length > 0 && !holdsEvery(markdown ? spokenText(preview) : preview, words)
