import { SEARCH_TOKEN, SEARCH_WORD, foldForSearch as fold, isCjkToken, searchIndexForm } from './search-fold'
import { ChainStarts, type FoldedToken, type WordStart } from './chain-starts'

export interface SearchMatch {
  /** Where the match starts in the text, in UTF-16 units. */
  readonly start: number
  /** Where it ends: the characters that fold to the searched prefix, with what folds to nothing after them. */
  readonly end: number
}

/**
 * Where `text` as shown holds the search's `words` (folded, as searchWords gives them), as the indexes
 * match them: a word is the beginning of a word of the text, and a word holding Chinese or Japanese is
 * the sequence of the text's words it is cut into (each such character one, indexTokens), all but the
 * last whole: "テキスト" inside "日本語のテキスト", not its characters one by one. In the text's
 * order, at most one match a place (the first of `words` that matches there).
 *
 * In time linear in the text (ChainStarts): comparing the whole word again at each place of a long
 * run of Chinese that nearly matched everywhere took the node's main thread 0.9 s for 100,000
 * characters and a 30-character search. The text is read only as far as the matches taken need: a
 * caller that wants the first match alone stops the reading there.
 */
export function* searchMatches(text: string, words: readonly string[]): Generator<SearchMatch, void, undefined> {
  yield* placeMatches(text, words, false)
}

/**
 * Whether `text` holds every one of `words` (folded, as searchWords gives them) where the search finds
 * words (searchMatches): what the inbox search asks of a name or a message for it to be a match.
 */
export const holdsEvery = (text: string, words: readonly string[]): boolean => words.every((w) => !searchMatches(text, [w]).next().done)

/**
 * Where `text` holds the search's `words` as the window marks them: every place any of them matches
 * (as searchMatches matches them), the longest word there, places inside a match before them too.
 * What is marked is the union, every occurrence of every word: "q quarterly" marks "Quarterly" whole,
 * "数据 据库" marks all of "数据库", "テテ" all of "テテテ". In the order of their starts, in time linear
 * in the text.
 */
export function* searchMarks(text: string, words: readonly string[], rules: MarkRules = {}): Generator<SearchMatch, void, undefined> {
  // The first of the words that matches at a place is the one taken there: the longest, so.
  const longestFirst = (ws: readonly string[]) => [...ws].sort((a, b) => b.length - a.length)
  const whole = new Set(rules.wholeWords ?? [])
  const starts = placeMatches(text, longestFirst(words.filter((w) => !whole.has(w))), true, rules.wholeBelow ?? 0)
  if (whole.size === 0) return yield* starts
  // The words matched only whole, apart (every word of them cut short is left out), merged by start.
  const wholes = placeMatches(text, longestFirst(words.filter((w) => whole.has(w))), true, Infinity)
  let a = starts.next()
  let b = wholes.next()
  while (!a.done || !b.done) {
    if (b.done || (!a.done && a.value.start <= b.value.start)) {
      yield a.value as SearchMatch
      a = starts.next()
    } else {
      yield b.value
      b = wholes.next()
    }
  }
}

export interface MarkRules {
  /**
   * A word whose last word (the one that may be a word's beginning) has fewer characters than this
   * matches only a whole word of the text, not the words it begins, as the library's passage index
   * matches it (MIN_PREFIX_CHARS): "of" marks "of", not "often". Chinese and Japanese are never cut
   * short (each character is a word of its own). 0 (the default): every word matches word starts, as
   * the inbox search does.
   */
  readonly wholeBelow?: number
  /**
   * Words of `words` that match only a whole word of the text, whatever their length: the library's
   * keyword search takes a word whose starts are in too many passages as itself alone
   * (search_items_words). Chinese and Japanese are never cut short.
   */
  readonly wholeWords?: readonly string[]
}

/** Whether a match of `units` of `last`'s fold stops short of its end with fewer than `wholeBelow` characters. */
const cutShort = (last: FoldedToken, units: number, wholeBelow: number): boolean =>
  units < last.folded.length && !last.cjk && [...last.folded.slice(0, units)].length < wholeBelow

/** The match at each place where one of `words` matches, the first of them there; `inside`: places inside the match before them too. */
function* placeMatches(text: string, words: readonly string[], inside: boolean, wholeBelow = 0): Generator<SearchMatch, void, undefined> {
  if (words.length === 0) return
  const starts = new ChainStarts(words)
  const tokenOf = tokenFolder()
  let from = 0
  const taken = function* (found: readonly WordStart[]): Generator<SearchMatch, void, undefined> {
    for (const { token, last, units } of found) {
      // A match inside the one before it is not one (but to the window's marks).
      if (token.at < from && !inside) continue
      // The first (longest) word matching here begins a longer word and may only match whole: so would any shorter one.
      if (wholeBelow > 0 && cutShort(last, units, wholeBelow)) continue
      const end = last.at + prefixEnd(last.text, units)
      from = Math.max(from, end)
      yield { start: token.at, end }
    }
  }
  // Where the token before ends: what lies between it and the next is passed over unless the index holds a word of it.
  let after = 0
  const apart = gapChecker()
  for (const m of text.matchAll(SEARCH_TOKEN)) {
    const token = tokenOf(m[0], m.index, after < m.index && apart(text.slice(after, m.index)))
    // A token that folds to nothing (a lone accent, a variation selector) is not in the index at all: passed over too.
    if (token.folded === '') continue
    after = m.index + m[0].length
    const found = starts.add(token)
    if (found.length > 0) yield* taken(found)
  }
  yield* taken(starts.end())
}

/**
 * Makes the tokens of one text with their folds. Chinese and Japanese tokens are single characters
 * and a text repeats them: each short token is folded once a text. Folding each again was most of
 * the time a long run took (100,000 characters: 160 ms, 25 ms folded once each).
 */
function tokenFolder(): (text: string, at: number, apart: boolean) => FoldedToken {
  const known = new Map<string, { folded: string; cjk: boolean }>()
  return (text, at, apart) => {
    let seen = known.get(text)
    if (!seen) {
      const folded = foldToken(text)
      seen = { folded, cjk: isCjkToken(folded) }
      if (text.length <= 4) known.set(text, seen)
    }
    return { at, text, folded: seen.folded, cjk: seen.cjk, apart }
  }
}

/**
 * Whether text between two tokens holds a word of the index: a symbol that is no token of the text
 * as shown but is letters to the index (㈱ is "(株)" there, ㍻ "平成", ℃ "°C"), which a phrase does
 * not pass over. Spaces and ASCII punctuation hold none (ASCII letters and digits are tokens).
 */
const holdsIndexWord = (between: string): boolean => !ASCII_ONLY.test(between) && INDEX_WORD.test(searchIndexForm(between))
/** holdsIndexWord, each short gap asked once a text: Japanese repeats its few marks (、。「」) between most words, and folding each again doubled the time. */
function gapChecker(): (between: string) => boolean {
  const known = new Map<string, boolean>()
  return (between) => {
    let holds = known.get(between)
    if (holds === undefined) {
      holds = holdsIndexWord(between)
      if (between.length <= 4) known.set(between, holds)
    }
    return holds
  }
}
const ASCII_ONLY = /^[\p{ASCII}]*$/u
const INDEX_WORD = new RegExp(SEARCH_WORD.source, 'u')
/** A token as search compares it: an emoji's word without the spaces that keep it apart in a text. */
const foldToken = (token: string): string => fold(token).trim()

/** The length of the beginning of `token` that folds to `length` units, with what folds to nothing after it. */
function prefixEnd(token: string, length: number): number {
  let end = 0
  while (end < token.length && fold(token.slice(0, end)).length < length) end++
  // What folds to nothing after it (a skin tone, a variation selector, an accent) is part of the
  // last character's picture: marked apart, 👍🏽 would show as 👍 and a colour swatch.
  if (fold(token.slice(end)) === '') end = token.length
  return end
}
