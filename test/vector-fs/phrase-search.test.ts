import { describe, expect, it } from 'vitest'
import type { SearchResult } from '../../src/shared/contract/vector-fs'
import { holdsPhrase, holdsRuns, typedPhrase } from '../../src/main/vector-fs/passage-index'
import { useTestNode } from '../support/node'

const node = useTestNode()

const bytes = (text: string) => new TextEncoder().encode(text)
async function upload(filename: string, text: string) {
  const res = await node.post('/v2/upload_file_to_folder', { path: '/', filename, file_data: bytes(text) })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}
async function search(text: string): Promise<string[]> {
  const res = await node.post('/v2/search_items', { search: text })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return (res.body as SearchResult[]).map((h) => h.path)
}

describe('search_items ranks a passage holding the words as typed, in a row, first (keywords alone)', () => {
  it('"quarterly reports" finds the passage with that phrase above one repeating the words apart', async () => {
    await upload('phrase.txt', 'The quarterly reports are due in October.')
    await upload('apart.txt', 'Reports of the quarterly kind. Reports, reports and quarterly notes, reports.')
    await upload('other.txt', 'Nothing here about paperwork.')
    expect(await search('quarterly reports')).toEqual(['/phrase.txt', '/apart.txt'])
    // Typed without its accent, and in quotes as people type a phrase.
    await upload('fr.txt', 'Un annuel résumé est prêt. Annuel, annuel, un autre résumé, résumé.')
    await upload('fr-phrase.txt', 'Voici le résumé annuel.')
    expect(await search('"resume annuel"')).toEqual(['/fr-phrase.txt', '/fr.txt'])
  })
})

describe('holdsPhrase reads a passage as the keyword index does', () => {
  it('ignores case, punctuation between the words, and accents; needs the words in a row and whole', () => {
    expect(holdsPhrase('QUARTERLY, Reports are due.', typedPhrase('quarterly reports')!)).toBe(true)
    expect(holdsPhrase('Voici le Résumé annuel.', typedPhrase('resume annuel')!)).toBe(true)
    expect(holdsPhrase('Reports, quarterly.', typedPhrase('quarterly reports')!)).toBe(false)
    expect(holdsPhrase('quarterlyish reports', typedPhrase('quarterly reports')!)).toBe(false)
    expect(holdsPhrase('日本語のテキストです', typedPhrase('テキスト です')!)).toBe(true)
    expect(typedPhrase('reports')).toBeUndefined()
  })
})

describe('holdsRuns reads which words a passage holds as the keyword index matches them', () => {
  it('a word start matches the longer words it begins; accents, case and Japanese runs as the index reads them', () => {
    const runs = [
      { tokens: ['renewal'], prefix: true },
      { tokens: ['cafe'], prefix: false },
      { tokens: ['office'], prefix: false },
      { tokens: ['テ', 'キ', 'ス'], prefix: true }
    ]
    expect(holdsRuns('Office RENEWALS at the Café', runs)).toEqual([true, true, true, false])
    expect(holdsRuns('offices renew', runs)).toEqual([false, false, false, false])
    expect(holdsRuns('日本語のテキストです', runs)).toEqual([false, false, false, true])
  })
})
