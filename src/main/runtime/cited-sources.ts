import type { ReplySource } from '../domain/message-roles'
import type { ScopePassage } from '../vector-fs'

/**
 * The sources an answer names, of the scope passages its prompt was given. A scope small enough to
 * fit is given whole, and most of its passages then had nothing to do with the question: the answer
 * names those that matched it (by words or by meaning, score > 0), not the 100 unrelated notes beside
 * the handbook. When none matched ("summarise this"), the answer drew on the whole of what it was
 * given, and names all of it.
 */
export function citedSources(passages: readonly ScopePassage[]): ReplySource[] {
  const matched = passages.filter((p) => p.score > 0)
  return (matched.length ? matched : passages).map((p) => ({ path: p.path, name: p.name, node_id: p.node_id, score: p.score }))
}
