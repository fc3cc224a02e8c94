/**
 * Reciprocal-rank fusion: each list votes 1 / (k + rank) for the ids it holds (rank from 1), so
 * a passage high in both the meaning and the keyword ranking comes first, and neither list's
 * score scale matters. k = 60 as in Cormack et al. (2009).
 */
export function fuseRanks<T extends string | number>(lists: readonly (readonly T[])[], k = 60): { id: T; score: number }[] {
  const scores = new Map<T, number>()
  for (const list of lists) {
    list.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + i + 1)))
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score)
}
