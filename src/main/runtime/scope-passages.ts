import type { JobScope } from '../../shared/contract/scope'

export interface Passage {
  readonly source: string
  readonly text: string
}

/** Every node text of the scope's local documents (vrkai and vrpack entries), in document order. */
export function scopePassages(scope: JobScope): Passage[] {
  const out: Passage[] = []
  const collect = (doc: { name?: unknown; nodes?: unknown } | undefined) => {
    if (!doc || !Array.isArray(doc.nodes)) return
    const source = typeof doc.name === 'string' ? doc.name : 'document'
    for (const node of doc.nodes as { content?: { Text?: unknown } }[]) {
      const text = node?.content?.Text
      if (typeof text === 'string' && text.trim()) out.push({ source, text })
    }
  }
  for (const e of scope.local_vrkai) collect(e.vrkai.resource.Document)
  for (const e of scope.local_vrpack) collect(e.vrpack.resource.Document)
  return out
}

const terms = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []

/**
 * Passages ordered most relevant to `query` first (BM25 over the passages themselves; the
 * query is not embedded, so this is lexical), ties and non-matches in document order, then
 * cut to `budgetChars`.
 */
export function rankPassages(passages: readonly Passage[], query: string, budgetChars: number): Passage[] {
  const queryTerms = [...new Set(terms(query))]
  const docs = passages.map((p) => terms(p.text))
  const avgLen = docs.reduce((n, d) => n + d.length, 0) / Math.max(1, docs.length)
  const df = new Map<string, number>()
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1)
  const k1 = 1.2
  const b = 0.75
  const scored = passages.map((p, i) => {
    const d = docs[i]!
    const tf = new Map<string, number>()
    for (const t of d) tf.set(t, (tf.get(t) ?? 0) + 1)
    let score = 0
    for (const q of queryTerms) {
      const f = tf.get(q)
      if (!f) continue
      const n = df.get(q)!
      const idf = Math.log(1 + (passages.length - n + 0.5) / (n + 0.5))
      score += (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * d.length) / (avgLen || 1)))
    }
    return { p, i, score }
  })
  scored.sort((x, y) => y.score - x.score || x.i - y.i)
  const picked: Passage[] = []
  let used = 0
  for (const { p } of scored) {
    if (used + p.text.length > budgetChars) {
      if (picked.length === 0) picked.push({ ...p, text: p.text.slice(0, budgetChars) })
      break
    }
    picked.push(p)
    used += p.text.length
  }
  return picked
}
