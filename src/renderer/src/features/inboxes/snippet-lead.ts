import type { Piece } from '../../app/highlight'

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** Characters of context kept before a search snippet's first marked word. */
export const SNIPPET_LEAD = 32

/**
 * A search snippet with the text before its first marked word cut to its last few words, "…" in
 * place of the rest. A row shows one line of it and ends that line with "…": a word found 190
 * characters in fell past the row's end, so the hit showed no trace of why it was found.
 */
export function leadToFirstMatch(parts: readonly Piece[], lead = SNIPPET_LEAD): Piece[] {
  const first = parts.findIndex((p) => p.match)
  if (first <= 0) return [...parts]
  const before = parts
    .slice(0, first)
    .map((p) => p.text)
    .join('')
  if (before.length <= lead + 1) return [...parts]
  let cut = before.length - lead
  // From the start of a word when one begins in those last characters (\s\S: the space before it)...
  const word = before.slice(cut).search(/\s\S/)
  if (word >= 0) cut += word + 1
  else {
    // ...else (a script written without spaces) from the first whole character there.
    let at = before.length
    for (const { index } of graphemes.segment(before))
      if (index >= cut) {
        at = index
        break
      }
    cut = at
  }
  return [{ text: `…${before.slice(cut)}`, match: false }, ...parts.slice(first)]
}

/** Letters of the scripts written right to left. */
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}]/u

/**
 * The direction a snippet reads in, as a paragraph of it would (the first letter's script decides, as
 * dir="auto" does): its parts (the words before the word found, that word, the rest) are laid out in it.
 */
export function snippetDirection(text: string): 'ltr' | 'rtl' {
  const letter = /\p{L}/u.exec(text)
  return letter && RIGHT_TO_LEFT.test(letter[0]) ? 'rtl' : 'ltr'
}
