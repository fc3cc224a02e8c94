const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })

/**
 * Widens the marked UTF-16 units of `text` to whole characters as the eye sees them (grapheme
 * clusters): a <mark> ending inside a ZWJ sequence split it, and 👩‍💻 found by 👩 showed as 👩 and 💻.
 */
export function markWholeCharacters(text: string, marked: boolean[]): void {
  for (const { index, segment } of graphemes.segment(text)) {
    if (segment.length === 1) continue
    let any = false
    for (let k = index; k < index + segment.length && !any; k++) any = marked[k]!
    if (any) marked.fill(true, index, index + segment.length)
  }
}

/** Pieces of a text (in order, covering it), those marked widened to whole characters and merged. */
export function wholeCharacterPieces<P extends { readonly text: string; readonly match: boolean }>(
  pieces: readonly P[],
  make: (text: string, match: boolean) => P
): P[] {
  const text = pieces.map((p) => p.text).join('')
  const marked: boolean[] = []
  for (const p of pieces) for (let k = 0; k < p.text.length; k++) marked.push(p.match)
  markWholeCharacters(text, marked)
  const out: P[] = []
  for (let i = 0; i < text.length;) {
    let j = i
    while (j < text.length && marked[j] === marked[i]) j++
    out.push(make(text.slice(i, j), marked[i]!))
    i = j
  }
  return out
}
