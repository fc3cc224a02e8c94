import { indexTokens, isCjkToken, searchWords } from '../../shared/search-fold'

/**
 * Words of two characters or more, compared as the keyword index compares them (accents off, lower
 * case), and each Chinese or Japanese character, a word of its own there (one is often a whole word: 水).
 */
const kept = (token: string) => token.length >= 2 || isCjkToken(token)
const terms = (text: string) => searchWords(text).flatMap(indexTokens).filter(kept)

/**
 * The query's terms: each word of it as the index's words (a run of Chinese or Japanese is the
 * phrase of its characters, which scores where that sequence occurs, not where its characters are
 * scattered), each once.
 */
function queryPhrases(query: string): string[][] {
  const phrases = new Map<string, string[]>()
  for (const w of searchWords(query)) {
    const phrase = indexTokens(w).filter(kept)
    if (phrase.length > 0) phrases.set(phrase.join(' '), phrase)
  }
  return [...phrases.values()]
}

/** How many times `phrase` occurs in `doc` (its words in a row); a one-word phrase counted from `counts`. */
function occurrences(doc: readonly string[], counts: ReadonlyMap<string, number>, phrase: readonly string[]): number {
  if (phrase.length === 1) return counts.get(phrase[0]!) ?? 0
  let n = 0
  for (let i = doc.indexOf(phrase[0]!); i >= 0 && i + phrase.length <= doc.length; i = doc.indexOf(phrase[0]!, i + 1)) {
    if (phrase.every((t, k) => doc[i + k] === t)) n++
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
