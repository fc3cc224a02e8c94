import type { ReplySource } from '../domain/message-roles'
import type { ScopePassage } from '../vector-fs'
import { bm25Scores } from '../vector-fs/bm25'
import { questionWords } from '../vector-fs/question-words'

/**
 * How much less like the question than the likest passage (cosine similarity) a passage may be and
 * still count as found by meaning: the likest passages are named, not every one the search handed on.
 */
export const MEANING_MARGIN = 0.1

/**
 * The sources an answer names, of the scope passages its prompt was given. A scope small enough to
 * fit is given whole, and most of its passages then had nothing to do with the question: the answer
 * names those that matched it, not the 100 unrelated notes beside the handbook. A passage matched when
 * it holds a word of what the question asks about (not "the" or "is", which every text holds:
 * questionWords), or, with embeddings, when it is about as near the question in meaning as the nearest
 * passage. When none matched ("summarise this"), the answer drew on the whole of what it was given,
 * and names all of it.
 */
export async function citedSources(passages: readonly ScopePassage[], question: string): Promise<ReplySource[]> {
  if (passages.length === 0) return []
  const asked = (await questionWords(question)).join(' ')
  const byWords = asked
    ? bm25Scores(
        passages.map((p) => p.text),
        asked
      )
    : []
  const nearest = Math.max(...passages.map((p) => p.similarity ?? -Infinity))
  const matched = passages.filter(
    (p, i) => (byWords[i] ?? 0) > 0 || (p.similarity !== undefined && p.similarity >= nearest - MEANING_MARGIN)
  )
  return (matched.length ? matched : passages).map((p) => ({ path: p.path, name: p.name, node_id: p.node_id, score: p.score }))
}
