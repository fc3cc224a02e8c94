// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { useRoute } from '../../src/renderer/src/app/router'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { KEYWORD_ROW_BUDGET } from '../../src/main/vector-fs/passage-index'
import { seedLibraryFile } from '../support/library-seed'
import { useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { objectBridgeTransport } from './object-bridge'
import { renderWithApp, routerTransport } from './render'

layOutLists()

/*
 * The node's keyword search takes a word whose starts are in more passages than its row budget as
 * itself alone when the search has a rarer word ("zebra banan": "banan" matches no word whole), and
 * leaves out a word in nearly every passage. The window marked every word of 3 letters or more where
 * it began a word: "banana" was marked in the passage the node had found for "zebra" alone. It now
 * marks the words as the node matched them (search_items_words), over a real node.
 */

const node = useTestNode()
beforeEach(async () => {
  // More passages than the budget holding words that "banan" begins (an upload of this many would take seconds).
  seedLibraryFile(
    node.store.db,
    'bulk.txt',
    Array.from({ length: KEYWORD_ROW_BUDGET + 50 }, (_, i) => `bananas in crate ${i}`)
  )
  const text = 'The zebra crossing by the banana stand near a crate.'
  expect(
    (await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'zoo.txt', file_data: new TextEncoder().encode(text) })).status
  ).toBe(200)
  window.location.hash = '#/files'
})
afterEach(cleanup)

function RoutedFilesPage() {
  const route = useRoute()
  return route.name === 'files' ? <FilesPage path={route.path} node={route.node} /> : null
}

const marksOf = async (search: string) => {
  const box = screen.getByRole('textbox', { name: 'Search the library' })
  await userEvent.clear(box)
  await userEvent.type(box, `${search}{Enter}`)
  const passages = await screen.findByRole('region', { name: 'Passages' }, { timeout: 10_000 })
  const zoo = await within(passages).findByText(
    (_, el) => el?.getAttribute('data-testid') === 'search-result' && /zebra/i.test(el.textContent ?? '')
  )
  return [...zoo.querySelectorAll('mark')].map((m) => m.textContent)
}

it('a word the node took whole (its starts are in too many passages) or left out is not marked where it only begins a word', async () => {
  renderWithApp(<RoutedFilesPage />, routerTransport(node.router))
  await screen.findByRole('treeitem', { name: /^zoo\.txt/ })
  // The node found this passage for "zebra" alone: "banan" is no word of it, and "banana" did not match.
  expect(await marksOf('zebra banan')).toEqual(['zebra'])
  // "crate" is in every seeded passage: beside a rarer word it is not searched at all.
  expect(await marksOf('zebra crate')).toEqual(['zebra'])
})

it('a node without search_items_words (older, or failing it) still shows the passages found, marked where the words begin', async () => {
  // The two calls were made together: the route's 404 failed the whole search, and no passage showed.
  const olderNode = objectBridgeTransport({
    request: (req) => node.router.handle(req.path === '/v2/search_items_words' ? { ...req, path: '/v2/no_such_route' } : req),
    onEvent: () => () => {}
  })
  renderWithApp(<RoutedFilesPage />, olderNode)
  await screen.findByRole('treeitem', { name: /^zoo\.txt/ })
  expect(await marksOf('zebra banan')).toEqual(['zebra', 'banan'])
  expect(screen.queryByRole('alert')).toBeNull()
})

it('a long run of Japanese, searched by its first 16 characters, has those marked and is not said to be found by meaning', async () => {
  const text = '日本語のテキスト日本語のテキスト違う話です。'
  expect(
    (await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'jp.txt', file_data: new TextEncoder().encode(text) })).status
  ).toBe(200)
  renderWithApp(<RoutedFilesPage />, routerTransport(node.router))
  await screen.findByRole('treeitem', { name: /^jp\.txt/ })
  const box = screen.getByRole('textbox', { name: 'Search the library' })
  await userEvent.type(box, '日本語のテキスト日本語のテキストXY{Enter}')
  const passages = await screen.findByRole('region', { name: 'Passages' }, { timeout: 10_000 })
  const found = await within(passages).findByText(
    (_, el) => el?.getAttribute('data-testid') === 'search-result' && el.textContent?.includes('違う話') === true
  )
  // The whole search was marked, which the passage does not hold: nothing was, and it read "close in meaning".
  expect([...found.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['日本語のテキスト日本語のテキスト'])
  expect(passages.textContent).not.toMatch(/in meaning/)
})
