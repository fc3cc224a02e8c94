import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDb } from '../../src/main/store/db'
import { vectorIndex } from '../../src/main/vector-fs/vector-index'
import { tempDir } from '../support/node'

/*
 * The meaning's side of search ranks passages by cosine likeness to the question. A passage whose
 * vector is all zeros (an imported .vrkai, a model that failed quietly) or points away from the
 * question has no likeness: it was ranked first for every question that nothing else was near, and
 * fused with the keyword ranking it came before the best keyword hit.
 */

const open: (() => void)[] = []
afterEach(() => open.splice(0).forEach((close) => close()))

function index() {
  const dir = tempDir()
  const db = openDb(join(dir.dir, 'vectors.sqlite'))
  open.push(() => {
    db.close()
    dir.cleanup()
  })
  const vectors = vectorIndex(db)
  db.transaction(() => vectors.ensure('test-model', 8))()
  return { db, vectors }
}

it('finds the passages that lean toward the question, best first; a zero vector, an orthogonal or an opposite one is not found', () => {
  const { db, vectors } = index()
  db.transaction(() => {
    vectors.put(1, 10, [1, 1, 0, 0, 0, 0, 0, 0]) // near
    vectors.put(2, 10, [0, 0, 0, 0, 0, 0, 0, 0]) // all zeros
    vectors.put(3, 10, [0, 0, 1, 0, 0, 0, 0, 0]) // orthogonal
    vectors.put(4, 10, [-1, -1, 0, 0, 0, 0, 0, 0]) // opposite
    vectors.put(5, 10, [1, 0, 0, 0, 0, 0, 1, 1]) // somewhat near
  })()
  const hits = vectors.search([1, 0.9, 0, 0, 0, 0, 0, 0], 10)
  expect(hits.map((h) => h.id)).toEqual([1, 5])
  expect(hits[0]!.similarity).toBeGreaterThan(hits[1]!.similarity)
  // Only passages with no likeness: nothing is found by meaning (keywords alone decide).
  expect(vectors.search([0, 0, 0, 1, 0, 0, 0, 0], 10)).toEqual([])
})
