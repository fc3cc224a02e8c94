// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { useRoute } from '../../src/renderer/src/app/router'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { useEmbeddingProvider, useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'

layOutLists()

/*
 * Once the library is embedded, search_items also lists passages close in meaning to the search,
 * holding none of its words: "zzzqqq" listed passages with nothing marked and nothing saying why.
 * Such a passage now says it is close in meaning, and when every passage is, the heading says that
 * none holds the words. Over a real node with an embedding model (a loopback embeddings server).
 */

const node = useTestNode()
// Provider 'emb', its server started and closed with each test.
useEmbeddingProvider(node)
beforeEach(async () => {
  expect((await node.post('/v2/update_default_embedding_model', { provider_id: 'emb', model: 'text-embedding-3-small' })).status).toBe(200)
  for (const [name, text] of [
    ['lease.txt', 'The tenant pays the rent on the first day of each month.'],
    ['boiler.txt', 'Service the boiler every autumn before the heating season.']
  ]) {
    const res = await node.post('/v2/upload_file_to_folder', { path: '/', filename: name, file_data: new TextEncoder().encode(text) })
    expect(res.status).toBe(200)
  }
  await waitFor(async () => expect((await node.get('/v2/vector_fs_file_states')).body).toMatchObject({ ready: 2 }), { timeout: 8000 })
  window.location.hash = '#/files'
})
afterEach(cleanup)

function RoutedFilesPage() {
  const route = useRoute()
  return route.name === 'files' ? <FilesPage path={route.path} node={route.node} /> : null
}

it('passages found by meaning alone say so; those holding the words are marked and say nothing more', async () => {
  renderWithApp(<RoutedFilesPage />, routerTransport(node.router))
  await screen.findByRole('treeitem', { name: /^lease\.txt/ })
  const box = screen.getByRole('textbox', { name: 'Search the library' })
  await userEvent.type(box, 'zzzqqq{Enter}')
  const passages = await screen.findByRole('region', { name: 'Passages' }, { timeout: 10_000 })
  expect(within(passages).getByRole('heading').textContent).toBe('Passages closest in meaning (none holds these words)')
  const listed = within(passages).getAllByTestId('search-result')
  expect(listed.length).toBeGreaterThan(0)
  for (const r of listed) {
    expect(within(r).getByTestId('by-meaning').textContent).toContain('close in meaning')
    expect(r.querySelector('mark')).toBeNull()
  }

  await userEvent.clear(box)
  await userEvent.type(box, 'rent{Enter}')
  await waitFor(() => expect(within(screen.getByRole('region', { name: 'Passages' })).getByRole('heading').textContent).toBe('Passages'))
  const rent = screen.getAllByTestId('search-result').find((r) => r.textContent?.includes('lease.txt'))!
  expect(rent.querySelector('mark')?.textContent).toBe('rent')
  expect(within(rent).queryByTestId('by-meaning')).toBeNull()
})
