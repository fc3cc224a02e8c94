import { expect, it } from 'vitest'
import { bm25Scores } from '../../src/main/vector-fs/bm25'

// A job's local documents are ranked with the library's passages on this scale: their words must be
// compared as the library's keyword index compares them.
it('ranks local passages by the same words as the keyword index: accents off, marks that make another letter kept', () => {
  const texts = ['आज काम है', 'कम नहीं', 'Ταξίδι στην Ελλάδα', 'バス 停留所', 'パス の 確認']
  const matching = (query: string) => bm25Scores(texts, query).flatMap((score, i) => (score > 0 ? [i] : []))
  expect(matching('काम')).toEqual([0])
  expect(matching('कम')).toEqual([1])
  expect(matching('ελλαδα')).toEqual([2])
  expect(matching('パス')).toEqual([4])
})
