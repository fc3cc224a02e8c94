import { ChainStarts, type FoldedToken } from '../../../../../shared/chain-starts'
import { SEARCH_TOKEN, foldForSearch, isCjkToken } from '../../../../../shared/search-fold'
import { holdsEvery } from '../../../../../shared/search-matches'

/*
 * The find's quick filter (Ctrl+F): whether a message's stored text may show the words, before its
 * Markdown is parsed for the text as shown (find-text.ts), which is slow. It may say yes wrongly (the
 * parse decides), never no wrongly. The stored text alone said no to a word that Markdown's marks cut in
 * two: `foo**bar**` reads "foobar" on screen, but "foobar" was not found.
 *
 * The rule: the screen joins two words of the stored text where all that stands between them is marks it
 * does not draw: emphasis and strikethrough (`*`, `_`, `~`), code (`` ` ``), a link's brackets and its
 * address or label (`[foo](url)bar`, `foo[bar][ref]`), an autolink's angle brackets (`<https://a.b/c>d`
 * reads "https://a.b/cd"), and any run of them (`**foo**_bar_`, `[a](u)_b_`). A run of underscores alone
 * is no mark: between two letters an underscore is never emphasis, it is a letter of the text
 * (`snake_case`). Listing the pairs of marks that join (`**` then a letter, a letter then `**`) missed
 * the runs of two kinds (`**_`, `)_`) and the autolinks.
 */

/** What stands for a link's address or label, and before an image's words: dropped, joining (U+2063, no word's letter). */
const JOIN = '\u2063'
const WORD = String.raw`[\p{L}\p{N}\p{M}\p{Co}]`
/** A link's address or reference label, which the screen does not show. */
const LINK_TAIL = /\]\((?:[^()\n]|\([^()\n]*\))*\)|\]\[[^\]\n]*\]/g
/** Marks a run may hold (as holdsJoined reads them: DROPPED), one character each. */
const MARK = String.raw`[*_~\x60[\]<>]`
/**
 * A word, then marks that may join it to the next (not underscores alone), then a word; or an image (said
 * "Image: ..."). A link's tail among the marks (`[a](u)_b_`) is read as a tail, what follows it as marks and a word
 * or another tail (holdsJoined reads it exactly). Most texts have none, and are read once. A run is no longer read
 * as marks and tails in any mix: `x][]][]…` (each `][]` a label or three marks) was tried every way before the answer
 * no, each `][]` doubling the time (22 of them held the window for 2.6 s, 26 for 26 s).
 */
const JOINT = new RegExp(
  String.raw`${WORD}(?!_+${WORD})(?:${MARK}+${WORD}|${MARK}*(?:\]\((?:[^()\n]|\([^()\n]*\))*\)|\]\[[^\]\n]*\])${MARK}*(?:${WORD}|\]))|!\[`,
  'u'
)
/** Between two words: marks alone (a link's tail as JOIN), the screen may drop them all. */
const DROPPED = /^[*_~`[\]<>\u2063]+$/
/**
 * What the stored text cannot tell, the parse decides: character references (`caf&eacute;` reads
 * "café"); an image without words (said by its address, which a link's tail drops); a link's words that
 * may be a reference's label (`[a][b](u)` is the link "b" unless "b" is defined, then "a" and "(u)"); a
 * footnote (`a[^x]b` reads "a1b" where `[^x]` is defined, its words and "Footnotes" under the answer).
 */
const PARSE_DECIDES = /&(?:#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z][A-Za-z\d]{1,31});|!\[\]|\]\[[^\]\n]*\]\(|\[\^[^\]\s]+\]/

/** The stored text with a link's tail and an image's opening as the screen joins them: JOIN, the image's word after it. */
const joinsMarked = (markdown: string): string => markdown.replace(LINK_TAIL, JOIN).replace(/!\[/g, `${JOIN}Image: `)

/** Whether the screen may join two words with `between` them: marks alone, not underscores alone. */
const joins = (between: string): boolean => DROPPED.test(between) && !/^_+$/.test(between)

/**
 * Whether each of `words` (folded, as searchWords gives them) begins a word of `text` (joinsMarked) as
 * holdsEvery finds it, a word running on into the next where marks alone stand between them (joins). Any
 * word of the stored text may begin one on screen: a run of marks may be drawn after all (`a_**b**~~c~~`
 * reads "a_bc"). The text is read once for all the words, each token folded once.
 */
function holdsJoined(text: string, words: readonly string[]): boolean {
  // ChainStarts runs a word on where one of two tokens is Chinese or Japanese (`cjk`): a join is given as one.
  const left = new Map(words.map((w) => [w, new ChainStarts([w])]))
  const put = (token: FoldedToken, joined: boolean) => {
    const given = joined ? { ...token, cjk: true } : token
    for (const [w, starts] of left) if (starts.add(given).length > 0) left.delete(w)
    return left.size === 0
  }
  const folds = new Map<string, string>()
  // The words are read one ahead: whether a word runs on into the next is known once the next is found.
  let held: FoldedToken | undefined
  let after = 0
  for (const m of text.matchAll(SEARCH_TOKEN)) {
    let folded = folds.get(m[0])
    if (folded === undefined) folds.set(m[0], (folded = foldForSearch(m[0]).trim()))
    // A token that folds to nothing (a lone accent, a variation selector) is passed over, as holdsEvery does.
    if (folded === '') continue
    if (held && put(held, after < m.index && joins(text.slice(after, m.index)))) return true
    held = { at: m.index, text: m[0], folded, cjk: isCjkToken(folded) }
    after = m.index + m[0].length
  }
  if (held && put(held, false)) return true
  for (const [w, starts] of left) if (starts.end().length > 0) left.delete(w)
  return left.size === 0
}

/**
 * Whether `markdown` (a message's stored text) may show every one of `words` once its marks are dropped
 * (holdsEvery): each word held by the stored text or by it with the joining marks dropped. Only a text
 * with marks between two words (JOINT, rare) is read twice.
 */
export function mayShow(markdown: string, words: readonly string[]): boolean {
  if (holdsEvery(markdown, words)) return true
  if (PARSE_DECIDES.test(markdown)) return true
  if (!JOINT.test(markdown)) return false
  return holdsJoined(
    joinsMarked(markdown),
    words.filter((w) => !holdsEvery(markdown, [w]))
  )
}
