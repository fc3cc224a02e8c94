import { searchWords } from '../../shared/search-fold'

/** Words of two characters or more, compared as the keyword index compares them (accents off, lower case). */
const terms = (text: string) => searchWords(text).filter((w) => w.length >= 2)

/**
 * Okapi BM25 of each text against the query's words (k1 1.2, b 0.75), statistics taken over
 * these texts. Used where passages from different indexes (the VectorFS's FTS5 candidates and a
 * job's local documents) must be ranked on one scale.
 */
export function bm25Scores(texts: readonly string[], query: string): number[] {
  const queryTerms = [...new Set(terms(query))]
  const docs = texts.map(terms)
  const avgLen = docs.reduce((n, d) => n + d.length, 0) / Math.max(1, docs.length)
  const df = new Map<string, number>()
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1)
  const k1 = 1.2
  const b = 0.75
  return docs.map((d) => {
    const tf = new Map<string, number>()
    for (const t of d) tf.set(t, (tf.get(t) ?? 0) + 1)
    let score = 0
    for (const q of queryTerms) {
      const f = tf.get(q)
      if (!f) continue
      const n = df.get(q)!
      const idf = Math.log(1 + (texts.length - n + 0.5) / (n + 0.5))
      score += (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * d.length) / (avgLen || 1)))
    }
    return score
  })
}
