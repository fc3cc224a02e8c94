import { searchWords as wordsOf } from '../../../shared/search-fold'
import { holdsEvery, searchMarks, type MarkRules } from '../../../shared/search-matches'
import { wholeCharacterRanges } from './whole-characters'

/** The words of a search as the node matches them: letters, digits and marks, any case, accents and compatibility forms (ﬁ, full-width Ａ) ignored; each emoji a word. */
export function searchWords(search: string): string[] {
  return [...new Set(wordsOf(search))]
}

export interface Piece {
  readonly text: string
  readonly match: boolean
}

/**
 * The window's one way to mark a search in a text: the library's results and preview, and the inbox
 * list's search hits. `text` cut into pieces, those starting with one of `words` marked: a word's
 * beginning, as the node's prefix search matches; a run of Chinese or Japanese anywhere in one; every
 * occurrence of every word (searchMarks), each mark widened to whole characters
 * (wholeCharacterRanges). Accents and case are ignored when comparing, kept when shown. `rules`: as
 * the search that found the text matches (the library's passages: short words only whole).
 */
export function highlightPieces(text: string, words: readonly string[], rules?: MarkRules): Piece[] {
  if (words.length === 0 || text === '') return [{ text, match: false }]
  const pieces: Piece[] = []
  let plainStart = 0
  for (const { start, end } of wholeCharacterRanges(text, searchMarks(text, words, rules))) {
    if (start > plainStart) pieces.push({ text: text.slice(plainStart, start), match: false })
    pieces.push({ text: text.slice(start, end), match: true })
    plainStart = end
  }
  if (plainStart < text.length) pieces.push({ text: text.slice(plainStart), match: false })
  return pieces
}

/**
 * A text the inbox search may have found by itself (an inbox's name), marked as highlightPieces marks it
 * only when it holds every one of `words` as the node matches them (holdsEvery): the node found the
 * inbox by it then. A name holding some of the words, the hit being in a message, is left unmarked.
 */
export function matchPieces(text: string, words: readonly string[]): Piece[] {
  return holdsEvery(text, words) ? highlightPieces(text, words) : [{ text, match: false }]
}
