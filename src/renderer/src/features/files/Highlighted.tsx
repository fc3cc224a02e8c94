import { highlightPieces } from '../../app/highlight'

/** Text with the words of a search marked. */
export function Highlighted({ text, words }: { text: string; words: readonly string[] }) {
  return <>{highlightPieces(text, words).map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</>
}
