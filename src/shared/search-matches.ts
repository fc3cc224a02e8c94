import { SEARCH_TOKEN, foldForSearch as fold, isCjkToken } from './search-fold'

export interface SearchMatch {
  /** Where the match starts in the text, in UTF-16 units. */
  readonly start: number
  /** Where it ends: the characters that fold to the searched prefix, with what folds to nothing after them. */
  readonly end: number
}

/**
 * Where `text` as shown holds the search's `words` (folded, as searchWords gives them), as the indexes
 * match them: a word is the beginning of a word of the text, and a word holding Chinese or Japanese is
 * the sequence of the text's words it is cut into (each such character one, indexTokens), all but the
 * last whole: "テキスト" inside "日本語のテキスト", not its characters one by one. In the text's
 * order, at most one match a place (the first of `words` that matches there).
 */
export function* searchMatches(text: string, words: readonly string[]): Generator<SearchMatch, void, undefined> {
  if (words.length === 0) return
  let from = 0
  for (const m of text.matchAll(SEARCH_TOKEN)) {
    if (m.index < from) continue
    const folded = fold(m[0]).trim()
    for (const word of words) {
      const end = matchEnd(text, m.index, m[0], folded, word)
      if (end === undefined) continue
      yield { start: m.index, end }
      from = end
      break
    }
  }
}

const NEXT_TOKEN = new RegExp(SEARCH_TOKEN.source, 'uy')

/** Where `word` ends if it starts at the token `token` (at `at`, folded `folded`), or undefined where it does not start there. */
function matchEnd(text: string, at: number, token: string, folded: string, word: string): number | undefined {
  let rest = word
  for (;;) {
    if (folded.startsWith(rest)) return at + prefixEnd(token, rest.length)
    if (folded === '' || !rest.startsWith(folded)) return undefined
    rest = rest.slice(folded.length)
    // The index has a word go on into the next only where one of them is a Chinese or Japanese character
    // and nothing stands between them in the text.
    NEXT_TOKEN.lastIndex = at + token.length
    const next = NEXT_TOKEN.exec(text)
    if (!next) return undefined
    const nextFolded = fold(next[0]).trim()
    if (!isCjkToken(folded) && !isCjkToken(nextFolded)) return undefined
    at = next.index
    token = next[0]
    folded = nextFolded
  }
}

/** The length of the beginning of `token` that folds to `length` units, with what folds to nothing after it. */
function prefixEnd(token: string, length: number): number {
  let end = 0
  while (end < token.length && fold(token.slice(0, end)).length < length) end++
  // What folds to nothing after it (a skin tone, a variation selector, an accent) is part of the
  // last character's picture: marked apart, 👍🏽 would show as 👍 and a colour swatch.
  if (fold(token.slice(end)) === '') end = token.length
  return end
}
