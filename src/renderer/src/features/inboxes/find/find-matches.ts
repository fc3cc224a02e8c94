import type { LastMessage } from '../../../../../shared/contract/message'
import { holdsEvery } from '../../../../../shared/search-matches'
import { isAnswer, messageRole } from '../../../../../shared/message-role'
import { searchWords } from '../../../app/highlight'
import { isBrokenOff } from '../answer-versions'
import { mayShow } from './find-quick'
import { shownText } from './find-text'

/*
 * Find in a conversation (Ctrl+F): which messages hold what is searched, and moving between them.
 * Window logic alone (no React): the find bar's hook (use-find.ts) keeps the state, this decides it.
 */

/** The words of a find as the inbox search matches them: any case, accents ignored (searchWords). */
export const findWords = (query: string): string[] => searchWords(query)

/**
 * The messages of `messages` (oldest first) the find can go to, newest first: a failed attempt's note
 * that the conversation no longer shows (a later attempt replaced it, nothing of an answer in it) is left out.
 */
export function findable(messages: readonly LastMessage[]): LastMessage[] {
  const shown: LastMessage[] = []
  /** Questions with a reply newer than the message looked at. */
  const replied = new Set<string>()
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!
    const question = isAnswer(m) ? m.job_message.parent : ''
    const replaced = question !== '' && replied.has(question)
    if (question !== '') replied.add(question)
    // A failed attempt that a later one replaced, nothing of an answer in it, is not shown (answer-versions.ts): nothing to go to.
    if (replaced && messageRole(m) === 'error' && !isBrokenOff(m)) continue
    shown.push(m)
  }
  return shown
}

/**
 * Whether the message's text as shown (shownText: a link's words, not its address) holds every one of
 * `words` as search_inboxes matches a message (holdsEvery). `shown` is that text when already known.
 */
export function holdsWords(m: LastMessage, words: readonly string[], shown?: () => string): boolean {
  // The stored text first (find-quick.ts): what is shown is drawn from it, and parsing the Markdown of every message is slow.
  return mayShow(m.job_message.content, words) && holdsEvery((shown ?? (() => shownText(m)))(), words)
}

/** The hashes of `newestFirst` (findable) that `seen` says hold the words, oldest first. */
export function foundAmong(newestFirst: readonly LastMessage[], seen: WeakMap<LastMessage, boolean>): string[] {
  const found: string[] = []
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    const m = newestFirst[i]!
    if (seen.get(m) === true) found.push(m.node_api_data.node_message_hash)
  }
  return found
}

/**
 * The messages of `messages` (oldest first) whose text as shown holds every one of `words` (holdsWords),
 * in the conversation's order, oldest first, as a browser numbers the matches of a page: a new message at the
 * bottom does not change the current match's number; the older pages read meanwhile come in above it.
 * A failed attempt's note that the conversation no longer shows is left out (findable). `seen` remembers each
 * message's answer for these words, so a page read does not match them all again. All at once: the window
 * matches in slices (find-progress.ts).
 */
export function foundMessages(
  messages: readonly LastMessage[],
  words: readonly string[],
  seen: WeakMap<LastMessage, boolean> = new WeakMap()
): string[] {
  if (words.length === 0) return []
  const shown = findable(messages)
  for (const m of shown) if (!seen.has(m)) seen.set(m, holdsWords(m, words))
  return foundAmong(shown, seen)
}

/**
 * The match after (`by` 1, the next: newer, lower in the conversation) or before (`by` -1, older) the
 * current one, going round at either end; the newest (the last) when the current one is no longer among
 * them. Undefined when none matches.
 */
export function stepMatch(found: readonly string[], current: string | undefined, by: 1 | -1): string | undefined {
  if (found.length === 0) return undefined
  const at = current === undefined ? -1 : found.indexOf(current)
  if (at < 0) return found[found.length - 1]
  return found[(at + by + found.length) % found.length]
}

/** The current match kept while it is still found, else the newest one, the last (or none). */
export const keptMatch = (found: readonly string[], current: string | undefined): string | undefined =>
  current !== undefined && found.includes(current) ? current : found[found.length - 1]

/** "3 of 12" (numbered from the oldest, the top), "No matches", or nothing when nothing is searched. */
export function matchCountText(found: readonly string[], current: string | undefined, searched: boolean): string {
  if (!searched) return ''
  if (found.length === 0) return 'No matches'
  const at = current === undefined ? -1 : found.indexOf(current)
  return `${at < 0 ? 0 : at + 1} of ${found.length}`
}
