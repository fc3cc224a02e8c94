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

// Answers rank the library's keyword candidates on this scale: a question's word matches the words it begins, as search does.
it('scores the words a query word begins, below the word itself; a word of one or two letters only whole', () => {
  const texts = ['Ripe bananas from the coast', 'Banana bread from the coast', 'Apples from the coast', 'Plan B for the bakers']
  const [longer, exact, none, plan] = bm25Scores(texts, 'banana')
  expect(longer).toBeGreaterThan(0)
  expect(exact).toBeGreaterThan(longer!)
  expect(none).toBe(0)
  expect(plan).toBe(0)
  expect(bm25Scores(texts, 'ba').map((s) => s > 0)).toEqual([false, false, false, false])
  expect(bm25Scores(texts, 'café').map((s) => s > 0)).toEqual([false, false, false, false])
  expect(bm25Scores(['Les Cafés du port', 'The port'], 'cafe').map((s) => s > 0)).toEqual([true, false])
})

// Answers rank their scope's passages on this scale: the words asked, in a row, rank first, as in search_items.
it('scores a passage holding the query words in a row above one repeating them apart', () => {
  const texts = [
    'The quarterly reports are due in October.',
    'Reports of the quarterly kind. Reports, reports and quarterly notes, reports.',
    'Nothing here about paperwork.'
  ]
  const [phrase, apart, none] = bm25Scores(texts, 'quarterly reports')
  expect(phrase).toBeGreaterThan(apart!)
  expect(none).toBe(0)
})

it('takes the words in a row as asked, a repeated word included ("new york new" is not "new york")', () => {
  const texts = ['A new york new wave of bands.', 'The new york times, and a new edition of it, new again; new york.']
  const [asked, other] = bm25Scores(texts, 'new york new')
  expect(asked).toBeGreaterThan(other!)
})
