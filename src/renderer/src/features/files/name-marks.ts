import { foldName } from '../../../../shared/contract/vector-fs-names'
import type { Piece } from '../../app/highlight'

/**
 * A name cut into pieces, those holding one of `words` (nameSearchWords) marked, as the node's name
 * search finds them (find_vector_fs_entries: the folded name holds each word anywhere, any case and
 * accent): "ease" marks "ease" in "lease.txt". Marked as passages are (word starts), a name found
 * by the middle of a word showed no mark at all. Every occurrence of every word is marked.
 */
export function namePieces(name: string, words: readonly string[]): Piece[] {
  // The name folded a character at a time, with the character each folded unit comes from.
  let folded = ''
  const starts: number[] = []
  const ends: number[] = []
  let at = 0
  for (const ch of name) {
    const f = foldName(ch)
    for (let k = 0; k < f.length; k++) {
      starts.push(at)
      ends.push(at + ch.length)
    }
    folded += f
    at += ch.length
  }
  const marked = new Uint8Array(name.length)
  for (const word of words) {
    if (word === '') continue
    for (let i = folded.indexOf(word); i >= 0; i = folded.indexOf(word, i + 1)) {
      marked.fill(1, starts[i], ends[i + word.length - 1])
    }
  }
  // What folds to nothing after a marked character (an accent written apart) is part of it.
  at = 0
  for (const ch of name) {
    if (at > 0 && marked[at - 1] && !marked[at] && foldName(ch) === '') marked.fill(1, at, at + ch.length)
    at += ch.length
  }
  const pieces: Piece[] = []
  let from = 0
  for (let i = 1; i <= name.length; i++) {
    if (i === name.length || marked[i] !== marked[from]) {
      pieces.push({ text: name.slice(from, i), match: marked[from] === 1 })
      from = i
    }
  }
  return pieces.length > 0 ? pieces : [{ text: name, match: false }]
}
