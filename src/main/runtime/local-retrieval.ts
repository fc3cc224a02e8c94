import type { ScopeRetrieval } from '../vector-fs'
import { rankPassages } from './scope-passages'

/**
 * Retrieval over a scope's local documents alone (BM25 over their nodes), for a runtime built
 * without the document library.
 */
export const localRetrieval: ScopeRetrieval = {
  passagesFor: ({ local, question, budgetChars }) =>
    Promise.resolve(
      rankPassages(local, question, budgetChars).map((p, i) => ({
        text: p.text,
        path: `local:${p.source}`,
        name: p.source,
        node_id: p.node_id ?? '',
        score: 1 / (60 + i + 1)
      }))
    )
}
