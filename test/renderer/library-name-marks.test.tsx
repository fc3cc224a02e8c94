// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { namePieces } from '../../src/renderer/src/features/files/name-marks'
import { nameSearchWords } from '../../src/shared/contract/vector-fs-names'
import { useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'

/*
 * The library's name search finds a file or folder whose name holds each word anywhere ("ease" finds
 * "lease.txt"), but the window marked names as passages are marked, by word starts: a name found by
 * the middle of a word showed no mark. Names are now marked where the node found the words.
 */

const marked = (name: string, search: string) =>
  namePieces(name, nameSearchWords(search))
    .filter((p) => p.match)
    .map((p) => p.text)

it('marks each word where the name holds it, in any case and accent, the name kept as written', () => {
  expect(marked('lease.txt', 'ease')).toEqual(['ease'])
  expect(marked('Meeting notes.TXT', 'eeting txt')).toEqual(['eeting', 'TXT'])
  expect(marked('Résumé 2025.pdf', 'resume 02')).toEqual(['Résumé', '02'])
  // An accent written apart from its letter goes with it.
  expect(marked('Cafe\u0301 menu', 'fe')).toEqual(['fe\u0301'])
  // Every occurrence; overlapping words are one mark.
  expect(marked('banana', 'an na')).toEqual(['anana'])
  expect(marked('report', 'zz')).toEqual([])
  expect(namePieces('a 😀 b', ['😀']).map((p) => p.text)).toEqual(['a ', '😀', ' b'])
})

layOutLists()
afterEach(cleanup)
const node = useTestNode()

it('the Files page marks "ease" in lease.txt, found by its name', async () => {
  expect(
    (await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'lease.txt', file_data: new TextEncoder().encode('words') }))
      .status
  ).toBe(200)
  renderWithApp(<FilesPage />, routerTransport(node.router))
  fireEvent.change(await screen.findByRole('textbox', { name: 'Search the library' }), { target: { value: 'ease' } })
  const result = await screen.findByTestId('name-result', {}, { timeout: 3000 })
  await waitFor(() => expect([...result.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['ease']))
})

it('marks a name exactly when the node finds it by that word', async () => {
  for (const name of ['lease.txt', 'Résumé 2025.md', 'Meeting notes.TXT']) {
    expect(
      (await node.post('/v2/upload_file_to_folder', { path: '/', filename: name, file_data: new TextEncoder().encode('words') })).status
    ).toBe(200)
  }
  for (const q of ['ease', 'EASE', 'resume', 'sum', '025', 'eeting', 'notes.t', 'tx', 'xyz']) {
    const found = ((await node.get('/v2/find_vector_fs_entries', { q })).body as { name: string }[]).map((e) => e.name).sort()
    const markedNames = ['lease.txt', 'Résumé 2025.md', 'Meeting notes.TXT'].filter((n) => marked(n, q).length > 0).sort()
    expect({ q, names: markedNames }).toEqual({ q, names: found })
  }
})
