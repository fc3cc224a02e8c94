import { expect, it } from 'vitest'
import type { SearchResult } from '../../src/shared/contract/vector-fs'
import { seedLibraryFile } from '../support/library-seed'
import { useTestNode } from '../support/node'

/*
 * A run of Chinese or Japanese is searched as the phrase of its characters, each a word of the index,
 * and FTS5 ranks a phrase by reading the positions of each of its words in every passage holding them
 * all. A pasted Japanese paragraph (800 characters) over a library of Japanese text held the node's
 * one thread for 6 s: every other request, the window's included, waited. A phrase now takes its
 * first 16 characters.
 */

const node = useTestNode()

it('a long Japanese search over a library of Japanese text answers at once, finding the passages that begin with it', async () => {
  // Stored by the library's own modules: an upload of this much would take seconds.
  const text = (i: number) => `${i} ${'日本語のテキスト'.repeat(220)}`
  seedLibraryFile(
    node.store.db,
    'nihongo.txt',
    Array.from({ length: 3000 }, (_, i) => text(i))
  )
  const t0 = performance.now()
  const res = await node.post('/v2/search_items', { search: '日本語のテキスト'.repeat(100), max_results: 5 })
  const ms = performance.now() - t0
  expect(res.status).toBe(200)
  expect((res.body as SearchResult[]).map((r) => r.path)).toEqual(Array(5).fill('/nihongo.txt'))
  expect(ms).toBeLessThan(1500)
}, 60_000)
