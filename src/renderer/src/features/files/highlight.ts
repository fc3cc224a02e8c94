import { searchWords as wordsOf } from '../../../../shared/search-fold'
import { searchMatches } from '../../../../shared/search-matches'
import { wholeCharacterRanges } from '../../app/whole-characters'

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
 * prefix search matches; a run of Chinese or Japanese anywhere in one, searchMatches) marked, each
 * mark widened to whole characters (wholeCharacterRanges). Accents and case are ignored when comparing, kept when shown.
 */
export function highlightPieces(text: string, words: readonly string[]): Piece[] {
  if (words.length === 0 || text === '') return [{ text, match: false }]
  const pieces: Piece[] = []
  let plainStart = 0
  for (const { start, end } of wholeCharacterRanges(text, searchMatches(text, words))) {
    if (start > plainStart) pieces.push({ text: text.slice(plainStart, start), match: false })
    pieces.push({ text: text.slice(start, end), match: true })
    plainStart = end
  }
  if (plainStart < text.length) pieces.push({ text: text.slice(plainStart), match: false })
  return pieces
}
