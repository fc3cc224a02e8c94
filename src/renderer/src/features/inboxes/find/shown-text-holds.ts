import type { LastMessage } from '../../../../../shared/contract/message'
import { holdsEvery } from '../../../../../shared/search-matches'
import { mayShow } from './find-quick'
import { shownText } from './find-text'

/*
 * What the find's worker (shown-text.worker.ts) works out for a long message: whether its text as shown
 * holds the find's words. Parsing an 800 KB answer's Markdown for its shown text takes seconds, and even
 * reading its stored text for the words a good part of a second, which on the window's thread froze it.
 */
export interface HoldsAsked {
  readonly id: number
  readonly message: LastMessage
  readonly words: readonly string[]
}
export interface HoldsAnswer {
  readonly id: number
  readonly holds: boolean
}

/** The shown text of the long messages asked about lately, by hash: each word typed asks again. */
const texts = new Map<string, string>()
const KEPT = 20

/** The answer to `asked`: whether its message's shown text holds its words (the stored text first, find-quick.ts). */
export function answerHolds({ id, message, words }: HoldsAsked): HoldsAnswer {
  const hash = message.node_api_data.node_message_hash
  let holds = mayShow(message.job_message.content, words)
  if (holds) {
    const text = texts.get(hash) ?? shownText(message)
    texts.delete(hash)
    texts.set(hash, text)
    if (texts.size > KEPT) texts.delete(texts.keys().next().value!)
    holds = holdsEvery(text, words)
  }
  return { id, holds }
}
