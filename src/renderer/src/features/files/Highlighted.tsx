import { highlightPieces, type Piece } from '../../app/highlight'
import { MIN_PREFIX_CHARS } from '../../../../shared/library-word-starts'
import type { MarkRules } from '../../../../shared/search-matches'

/** As the node's passage index matches a search (library-word-starts.ts): a word of 1-2 letters only whole. */
export const PASSAGE_MARKS: MarkRules = { wholeBelow: MIN_PREFIX_CHARS }

/** Text with the words of a search marked (`rules`: as the search that found it matches them). */
export function Highlighted({ text, words, rules }: { text: string; words: readonly string[]; rules?: MarkRules }) {
  return <Marked pieces={highlightPieces(text, words, rules)} />
}

/** Pieces of a text, those that matched marked. */
export function Marked({ pieces }: { pieces: readonly Piece[] }) {
  return <>{pieces.map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</>
}
