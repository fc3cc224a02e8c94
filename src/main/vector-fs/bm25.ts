import { indexTokens, isCjkToken, searchWords } from '../../shared/search-fold'
import { matchesWordStarts } from '../../shared/library-word-starts'

/**
 * Words of two characters or more, compared as the keyword index compares them (accents off, lower
 * case), and each Chinese or Japanese character, a word of its own there (one is often a whole word: 水).
 */
const kept = (token: string) => token.length >= 2 || isCjkToken(token)
const terms = (text: string) => searchWords(text).flatMap(indexTokens).filter(kept)

/** A term of the query: the index's words of one of its words, matched whole or (`prefix`) the last as a word start. */
interface Phrase {
  readonly tokens: readonly string[]
  readonly prefix: boolean
}

/**
 * The query's terms as the keyword index searches them (passage-index.ts, keywordQuery): each word of
 * it as the index's words (a run of Chinese or Japanese is the phrase of its characters, which scores
 * where that sequence occurs, not where its characters are scattered), each once; and a word of
 * MIN_PREFIX_CHARS or more a second time as a word start, so "banana" scores "bananas" too, below
 * "banana" itself.
 */
function queryPhrases(query: string): Phrase[] {
  const phrases = new Map<string, Phrase>()
  for (const w of searchWords(query)) {
    const tokens = indexTokens(w).filter(kept)
    if (tokens.length === 0) continue
    const key = tokens.join(' ')
    phrases.set(key, { tokens, prefix: false })
    if (matchesWordStarts(tokens)) phrases.set(`${key}*`, { tokens, prefix: true })
  }
  // The words in a row as asked (a repeated word too), a phrase too: a passage holding them so ranks above
  // one holding them apart.
  const asked = searchWords(query)
    .map((w) => indexTokens(w).filter(kept))
    .filter((t) => t.length > 0)
  if (asked.length > 1) phrases.set('\u0000all', { tokens: asked.flat(), prefix: false })
  return [...phrases.values()]
}

/** Whether the document's word `term` is the phrase's word `t`, the last one of a prefix phrase (`start`) as its beginning. */
const matches = (term: string | undefined, t: string, start: boolean) => (start ? term?.startsWith(t) === true : term === t)

/** How many times `phrase` occurs in `doc` (its words in a row); a one-word phrase counted from `counts`. */
function occurrences(doc: readonly string[], counts: ReadonlyMap<string, number>, { tokens, prefix }: Phrase): number {
  if (tokens.length === 1 && !prefix) return counts.get(tokens[0]!) ?? 0
  if (tokens.length === 1) {
    let n = 0
    for (const [term, f] of counts) if (term.startsWith(tokens[0]!)) n += f
    return n
  }
  const last = tokens.length - 1
  let n = 0
  for (let i = doc.indexOf(tokens[0]!); i >= 0 && i + tokens.length <= doc.length; i = doc.indexOf(tokens[0]!, i + 1)) {
    if (tokens.every((t, k) => matches(doc[i + k], t, prefix && k === last))) n++
  }
  return n
}

/**
 * Okapi BM25 of each text against the query's words (k1 1.2, b 0.75), statistics taken over
 * these texts. Used where passages from different indexes (the VectorFS's FTS5 candidates and a
 * job's local documents) must be ranked on one scale.
 */
export function bm25Scores(texts: readonly string[], query: string): number[] {
  const phrases = queryPhrases(query)
  const docs = texts.map(terms)
  const avgLen = docs.reduce((n, d) => n + d.length, 0) / Math.max(1, docs.length)
  const counts = docs.map((d) => {
    const tf = new Map<string, number>()
    for (const t of d) tf.set(t, (tf.get(t) ?? 0) + 1)
    return tf
  })
  const tfs = phrases.map((p) => docs.map((d, i) => occurrences(d, counts[i]!, p)))
  const dfs = tfs.map((tf) => tf.filter((f) => f > 0).length)
  const k1 = 1.2
  const b = 0.75
  return docs.map((d, i) => {
    let score = 0
    tfs.forEach((tf, q) => {
      const f = tf[i]!
      if (!f) return
      const n = dfs[q]!
      const idf = Math.log(1 + (texts.length - n + 0.5) / (n + 0.5))
      score += (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * d.length) / (avgLen || 1)))
    })
    return score
  })
}
