import { describe, expect, it } from 'vitest'
import type { SearchResult } from '../../src/shared/contract/vector-fs'
import { KEYWORD_ROW_BUDGET } from '../../src/main/vector-fs/passage-index'
import { seedLibraryFile } from '../support/library-seed'
import { useTestNode } from '../support/node'

const node = useTestNode()

const bytes = (text: string) => new TextEncoder().encode(text)
async function upload(filename: string, text: string) {
  const res = await node.post('/v2/upload_file_to_folder', { path: '/', filename, file_data: bytes(text) })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}
async function search(text: string, maxResults = 10): Promise<string[]> {
  const res = await node.post('/v2/search_items', { search: text, max_results: maxResults })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return (res.body as SearchResult[]).map((h) => h.path)
}

/** `count` passages in one file, stored by the library's own modules (an upload of this many would take seconds). */
const seedPassages = (name: string, count: number, text: (i: number) => string) =>
  seedLibraryFile(
    node.store.db,
    name,
    Array.from({ length: count }, (_, i) => text(i))
  )

describe('search_items matches the start of a word (keywords alone: no embedding model)', () => {
  it('finds a passage by the start of its words: "banana" finds "bananas", "report" "reports" and "reporting"', async () => {
    await upload('fruit.txt', 'Ripe bananas are shipped on Mondays.')
    await upload('q3.txt', 'The quarterly reports are due in October.')
    await upload('audit.txt', 'Reporting to the board happens twice a year.')
    await upload('other.txt', 'Nothing here about fruit or paperwork.')
    expect(await search('banana')).toEqual(['/fruit.txt'])
    expect((await search('report')).sort()).toEqual(['/audit.txt', '/q3.txt'])
    // Every word of the query is a word start, not only the last one.
    expect(await search('shipp monda')).toEqual(['/fruit.txt'])
  })

  it('ranks a passage holding the word itself above one holding only longer words it begins', async () => {
    // The longer word is rarer (one passage against two), which alone would rank it first.
    await upload('longer.txt', 'The reporting of the numbers for the quarter.')
    await upload('exact.txt', 'We report the numbers for the quarter.')
    await upload('again.txt', 'A report on something else entirely.')
    const hits = await search('report')
    expect(hits).toHaveLength(3)
    expect(hits.indexOf('/exact.txt')).toBeLessThan(hits.indexOf('/longer.txt'))
    expect(hits.indexOf('/again.txt')).toBeLessThan(hits.indexOf('/longer.txt'))
  })

  it('folds accents on both sides: "cafe" finds "Cafés", "café" finds "cafeteria"', async () => {
    await upload('paris.txt', 'Les Cafés du quartier ouvrent tôt.')
    await upload('office.txt', 'The cafeteria closes at three.')
    expect((await search('cafe')).sort()).toEqual(['/office.txt', '/paris.txt'])
    expect((await search('CAFÉ')).sort()).toEqual(['/office.txt', '/paris.txt'])
    expect(await search('cafés')).toEqual(['/paris.txt'])
  })

  it('a word of one or two letters matches only itself, quickly, in a library where most words begin with it', async () => {
    seedPassages('bulk.txt', 2_000, (i) => `bananas baked by bakers in batch ${i} before breakfast`)
    await upload('plan.txt', 'Plan B is ready; ba is a soul in old Egypt.')
    for (const q of ['b', 'ba', 'B']) {
      const t = performance.now()
      const hits = await search(q)
      expect(performance.now() - t, q).toBeLessThan(500)
      expect(hits, q).toEqual(['/plan.txt'])
    }
    // A longer word in the same query still matches as a word start.
    const hits = await search('b banan', 20)
    expect(hits[0]).toBe('/plan.txt')
    expect(hits.filter((p) => p === '/bulk.txt')).toHaveLength(19)
  })

  it('keeps the limit on common words: a word start found in more passages than the budget is searched whole beside a rarer word', async () => {
    seedPassages('bulk.txt', KEYWORD_ROW_BUDGET + 50, (i) => `bananas in crate ${i}`)
    await upload('zoo.txt', 'The zebra crossing by the banana stand.')
    // "banan" begins a word of every passage: scored beside "zebra", it would fill the results.
    expect(await search('zebra banan')).toEqual(['/zoo.txt'])
    // "banana" whole is in one passage: it fits the budget, its word start does not.
    expect(await search('zebra banana')).toEqual(['/zoo.txt'])
    // Alone, the word is the rarest of the query and kept, word starts and all.
    const t = performance.now()
    const alone = await search('banan', 10)
    expect(performance.now() - t).toBeLessThan(1000)
    expect(alone).toHaveLength(10)
    expect(alone).toContain('/bulk.txt')
  }, 30_000)

  it('search_items_words says how each word is matched now: word starts, whole only past the budget, or not at all', async () => {
    seedPassages('bulk.txt', KEYWORD_ROW_BUDGET + 50, (i) => `bananas in crate ${i}`)
    await upload('zoo.txt', 'The zebra crossing by the banana stand near a crate.')
    const words = async (search: string) => {
      const res = await node.post('/v2/search_items_words', { search })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return (res.body as { words: unknown[] }).words
    }
    expect(await words('Zebra banan')).toEqual([
      { word: 'zebra', match: 'word_starts' },
      { word: 'banan', match: 'whole' }
    ])
    // "crate" whole is in every seeded passage too: past the budget beside a rarer word, it is not searched.
    expect(await words('zebra crate')).toEqual([
      { word: 'zebra', match: 'word_starts' },
      { word: 'crate', match: 'none' }
    ])
    // Alone, a word is the rarest of the query: kept with its word starts; a short one is only ever whole.
    expect(await words('banan')).toEqual([{ word: 'banan', match: 'word_starts' }])
    expect(await words('ba')).toEqual([{ word: 'ba', match: 'whole' }])
    expect((await node.post('/v2/search_items_words', { search: ' ' })).status).toBe(400)
    // A long run of Japanese is searched by its first 16 characters: those are the word to mark.
    await upload('jp.txt', '日本語のテキスト日本語のテキスト違う話です。')
    expect(await words('日本語のテキスト日本語のテキストXY')).toEqual([{ word: '日本語のテキスト日本語のテキスト', match: 'whole' }])
  }, 30_000)
})
