import { bm25Scores } from '../vector-fs/bm25'
import type { JobScope } from '../../shared/contract/scope'

export interface Passage {
  /** The document's name. */
  readonly source: string
  readonly text: string
  readonly node_id?: string
  /** The node's own embedding and the model that made it, when the document carries them. */
  readonly vector?: readonly number[]
  readonly model?: string
}

/** Every node text of the scope's local documents (vrkai and vrpack entries), in document order. */
export function scopePassages(scope: JobScope): Passage[] {
  const out: Passage[] = []
  const collect = (doc: { name?: unknown; nodes?: unknown; embeddings?: unknown; embedding_model_used_string?: unknown } | undefined) => {
    if (!doc || !Array.isArray(doc.nodes)) return
    const source = typeof doc.name === 'string' ? doc.name : 'document'
    const model = typeof doc.embedding_model_used_string === 'string' ? doc.embedding_model_used_string : undefined
    const vectors = new Map<string, number[]>()
    if (Array.isArray(doc.embeddings))
      for (const e of doc.embeddings as { id?: unknown; vector?: unknown }[]) {
        if (typeof e?.id === 'string' && Array.isArray(e.vector)) vectors.set(e.id, e.vector as number[])
      }
    for (const node of doc.nodes as { content?: { Text?: unknown }; id?: unknown }[]) {
      const text = node?.content?.Text
      if (typeof text !== 'string' || !text.trim()) continue
      const nodeId = typeof node.id === 'string' ? node.id : undefined
      const vector = nodeId !== undefined ? vectors.get(nodeId) : undefined
      out.push({ source, text, ...(nodeId !== undefined ? { node_id: nodeId } : {}), ...(vector && model ? { vector, model } : {}) })
    }
  }
  for (const e of scope.local_vrkai) collect(e.vrkai.resource.Document)
  for (const e of scope.local_vrpack) collect(e.vrpack.resource.Document)
  return out
}

/** The scope's VectorFS entries as path segments: what the document library searches for it. */
export interface ScopeRefs {
  readonly folders: readonly (readonly string[])[]
  readonly items: readonly (readonly string[])[]
}

export function scopeRefs(scope: JobScope): ScopeRefs {
  return { folders: scope.vector_fs_folders.map((f) => f.path.path_ids), items: scope.vector_fs_items.map((i) => i.path.path_ids) }
}

/**
 * Passages ordered most relevant to `query` first (BM25 over the passages themselves, the same
 * scoring the document library uses; the query is not embedded, so this is lexical), ties and
 * non-matches in document order, then cut to `budgetChars`.
 */
export function rankPassages(passages: readonly Passage[], query: string, budgetChars: number): Passage[] {
  const scores = bm25Scores(
    passages.map((p) => p.text),
    query
  )
  const scored = passages.map((p, i) => ({ p, i, score: scores[i]! }))
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
