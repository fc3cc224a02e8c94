import { isCjkToken } from './search-fold'

/*
 * The library's keyword search (the node's passage index), and the window's marks of what it found,
 * follow this one rule: shared, so the two cannot drift apart.
 */

/**
 * Characters a search word needs to match the words it begins as well as itself: "banana" finds
 * "bananas", "report" "reporting". A shorter one ("b", "of") matches only itself: as a prefix it would
 * reach a large part of the library, every passage scored, for a word typed so far that says little.
 */
export const MIN_PREFIX_CHARS = 3

/**
 * Whether a search word, as the index's words for it (indexTokens: a run of Chinese or Japanese is
 * one word a character), also matches as a word start: its last word, when that is of
 * MIN_PREFIX_CHARS or more and not a Chinese or Japanese character (those match the sequence
 * anywhere in a run already, as the inbox search has them).
 */
export function matchesWordStarts(tokens: readonly string[]): boolean {
  const last = tokens[tokens.length - 1]
  return last !== undefined && !isCjkToken(last) && [...last].length >= MIN_PREFIX_CHARS
}
