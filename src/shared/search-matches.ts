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
  // Each token folded once, as it is first needed: a word of Chinese or Japanese walks on through the
  // tokens after it, and folding them again at each place made a long run seconds of work (40,000 あ:
  // a second); the text past the first match is not read for a caller that wants only that one.
  const found: Token[] = []
  const reading = text.matchAll(SEARCH_TOKEN)
  const tokenAt = (i: number): Token | undefined => {
    while (found.length <= i) {
      const m = reading.next()
      if (m.done) return undefined
      found.push({ at: m.value.index, text: m.value[0], folded: fold(m.value[0]).trim() })
    }
    return found[i]
  }
  let from = 0
  for (let i = 0, token = tokenAt(0); token; token = tokenAt(++i)) {
    if (token.at < from) continue
    for (const word of words) {
      const end = matchEnd(tokenAt, i, word)
      if (end === undefined) continue
      yield { start: token.at, end }
      from = end
      break
    }
  }
}

interface Token {
  readonly at: number
  readonly text: string
  readonly folded: string
}

/** Where `word` ends if it starts at token `i`, or undefined where it does not start there. */
function matchEnd(tokenAt: (i: number) => Token | undefined, i: number, word: string): number | undefined {
  let rest = word
  for (let token = tokenAt(i)!; ;) {
    if (token.folded.startsWith(rest)) return token.at + prefixEnd(token.text, rest.length)
    if (token.folded === '' || !rest.startsWith(token.folded)) return undefined
    rest = rest.slice(token.folded.length)
    // The index has a word go on into the next only where one of them is a Chinese or Japanese character
    // and nothing stands between them in the text.
    const next = tokenAt(++i)
    if (!next || next.at !== token.at + token.text.length) return undefined
    if (!isCjkToken(token.folded) && !isCjkToken(next.folded)) return undefined
    token = next
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
