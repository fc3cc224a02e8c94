// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { useRoute } from '../../src/renderer/src/app/router'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { KEYWORD_ROW_BUDGET } from '../../src/main/vector-fs/passage-index'
import { seedLibraryFile } from '../support/library-seed'
import { useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'

layOutLists()

/*
 * Beside rarer words, the node leaves out of a passage search the words found in more passages than
 * its row budget (search_items_words answers `none` for them). "the plan for the office" was searched
 * as "plan office" and the window did not say so. It now says, in a dimmed line under the results,
 * which words were not searched; over a real node.
 */

const node = useTestNode()
beforeEach(async () => {
  // More passages than the budget holding "the" and "for" (an upload of this many would take seconds).
  seedLibraryFile(
    node.store.db,
    'minutes.txt',
    Array.from({ length: KEYWORD_ROW_BUDGET + 50 }, (_, i) => `notes for the meeting ${i}`)
  )
  const text = 'The plan for the office move is ready.'
  expect(
    (await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'office.txt', file_data: new TextEncoder().encode(text) })).status
  ).toBe(200)
  window.location.hash = '#/files'
})
afterEach(cleanup)

function RoutedFilesPage() {
  const route = useRoute()
  return route.name === 'files' ? <FilesPage path={route.path} node={route.node} /> : null
}

const searchFor = async (search: string) => {
  const box = screen.getByRole('textbox', { name: 'Search the library' })
  await userEvent.clear(box)
  await userEvent.type(box, `${search}{Enter}`)
  const passages = await screen.findByRole('region', { name: 'Passages' }, { timeout: 10_000 })
  await within(passages).findByText(
    (_, el) => el?.getAttribute('data-testid') === 'search-result' && /office move/.test(el.textContent ?? '')
  )
}

it('says which words were not searched, as too common, under the results; says nothing when every word was', async () => {
  renderWithApp(<RoutedFilesPage />, routerTransport(node.router))
  await screen.findByRole('treeitem', { name: /^office\.txt/ })
  await searchFor('the plan for the office')
  expect((await screen.findByTestId('unsearched-words')).textContent).toBe('Not searched, as too common: the, for')

  await searchFor('plan office')
  await waitFor(() => expect(screen.queryByTestId('unsearched-words')).toBeNull())
})

it('says the words past the first 64 of a long search were left out because the search is too long, not as too common', async () => {
  renderWithApp(<RoutedFilesPage />, routerTransport(node.router))
  await screen.findByRole('treeitem', { name: /^office\.txt/ })
  // "office move" and 68 words no passage holds (rare, not common): the last 6 are past the 64 kept.
  const filler = Array.from(
    { length: 68 },
    (_, i) => `q${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`
  )
  const box = screen.getByRole('textbox', { name: 'Search the library' })
  await userEvent.click(box)
  await userEvent.paste(['office', 'move', ...filler].join(' '))
  await userEvent.keyboard('{Enter}')
  const passages = await screen.findByRole('region', { name: 'Passages' }, { timeout: 10_000 })
  await within(passages).findByText(
    (_, el) => el?.getAttribute('data-testid') === 'search-result' && /office move/.test(el.textContent ?? '')
  )
  expect((await screen.findByTestId('past-limit-words')).textContent).toBe(
    `Not searched, as the search is too long (past 64 words): ${filler.slice(62).join(', ')}`
  )
  // None of them is common: nothing is said to be.
  expect(screen.queryByTestId('unsearched-words')).toBeNull()
})
