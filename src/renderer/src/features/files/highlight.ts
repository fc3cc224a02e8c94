import { SEARCH_TOKEN, foldForSearch as fold, searchWords as wordsOf } from '../../../../shared/search-fold'
import { wholeCharacterPieces } from '../../app/whole-characters'

/** The words of a search as the node matches them: letters, digits and marks, any case, accents and compatibility forms (ﬁ, full-width Ａ) ignored; each emoji a word. */
export function searchWords(search: string): string[] {
  return [...new Set(wordsOf(search))]
}

export interface Piece {
  readonly text: string
  readonly match: boolean
}

/**
 * `text` cut into pieces, those starting with one of `words` (a word's beginning, as the node's
 * prefix search matches) marked. Accents and case are ignored when comparing, kept when shown.
 */
export function highlightPieces(text: string, words: readonly string[]): Piece[] {
  if (words.length === 0 || text === '') return [{ text, match: false }]
  const pieces: Piece[] = []
  let plainStart = 0
  for (const m of text.matchAll(SEARCH_TOKEN)) {
    const word = fold(m[0]).trim()
    const hit = words.find((w) => word.startsWith(w))
    if (!hit) continue
    // The marked part is the original characters that fold to the matching prefix.
    let end = 0
    while (end < m[0].length && fold(m[0].slice(0, end)).length < hit.length) end++
    // What folds to nothing after it (a skin tone, a variation selector, an accent) is part of the
    // last character's picture: marked apart, 👍🏽 would show as 👍 and a colour swatch.
    if (fold(m[0].slice(end)) === '') end = m[0].length
    const start = m.index
    if (start > plainStart) pieces.push({ text: text.slice(plainStart, start), match: false })
    pieces.push({ text: text.slice(start, start + end), match: true })
    plainStart = start + end
  }
  if (plainStart < text.length) pieces.push({ text: text.slice(plainStart), match: false })
  return wholeCharacterPieces(pieces, (text, match) => ({ text, match }))
}
