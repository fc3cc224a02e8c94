import { holdsEvery } from '../../../../shared/search-matches'

/*
 * The find's quick filter (Ctrl+F): whether a message's stored text may show the words, before its
 * Markdown is parsed for the text as shown (find-text.ts), which is slow. It may say yes wrongly (the
 * parse decides), never no wrongly. The stored text alone said no to a word that Markdown's marks cut in
 * two: `foo**bar**` reads "foobar" on screen, but "foobar" was not found.
 */

/**
 * Marks the screen drops between two letters, joining them: emphasis and strikethrough (`*`, `~`; `_`
 * never joins, inside a word it is a letter of the text), code (`` ` ``), a link's brackets and its
 * address or label (`[foo](url)bar`, `foo[bar][ref]`), an image (said "Image: ...").
 */
const JOINT = /[\p{L}\p{N}\p{M}](?:[*~`!\]]|\[|\]\([^()\n]*\)|\]\[[^\]\n]*\])+[\p{L}\p{N}]|!\[/u
/** A link's address or reference label, which the screen does not show. */
const LINK_TAIL = /\]\((?:[^()\n]|\([^()\n]*\))*\)|\]\[[^\]\n]*\]/g
/** Character references (`caf&eacute;` reads "café"): the stored text cannot tell, the parse decides. */
const REFERENCE = /&(?:#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z][A-Za-z\d]{1,31});/

/** The stored text with the marks that join letters on screen dropped: their words as the screen joins them. */
const joinedText = (markdown: string): string =>
  markdown
    .replace(LINK_TAIL, '')
    .replace(/!\[/g, ' Image: ')
    .replace(/[*~`[\]]+/g, '')

/**
 * Whether `markdown` (a message's stored text) may show every one of `words` once its marks are dropped
 * (holdsEvery): each word held by the stored text or by it with the joining marks dropped. Only a text
 * with a mark between two letters (JOINT, rare) is read twice.
 */
export function mayShow(markdown: string, words: readonly string[]): boolean {
  if (holdsEvery(markdown, words)) return true
  if (REFERENCE.test(markdown)) return true
  if (!JOINT.test(markdown)) return false
  const joined = joinedText(markdown)
  return words.every((w) => holdsEvery(markdown, [w]) || holdsEvery(joined, [w]))
}
