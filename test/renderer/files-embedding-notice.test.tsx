// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { startMockLlm, type MockLlm } from '../support/mock-llm'
import { addProvider, useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'

/*
 * Files that failed in embedding each said "failed" on their row, and the reason only in their
 * preview: a wrong model name failing the whole library read as a hundred separate problems, with
 * no way from here to the setting. One notice above the tree now names the model and the reason,
 * and links to Settings. Against a real node and mock-llm (whose server has no embeddings endpoint).
 */

layOutLists()
let mock: MockLlm
const node = useTestNode({ vectorFs: { queue: { batchSize: 4, backoffMs: 5, maxBackoffMs: 20, maxAttempts: 2 } } })
beforeEach(async () => {
  mock = await startMockLlm()
  await addProvider(node, 'mock', { name: 'Local mock', external_url: mock.url })
})
afterEach(async () => {
  cleanup()
  await mock.close()
})

const upload = async (name: string) => {
  const res = await node.post('/v2/upload_file_to_folder', {
    path: '/',
    filename: name,
    file_data: new TextEncoder().encode(`Words of ${name}.`)
  })
  expect(res.status).toBe(200)
}

it('files that failed with the model in use: one notice names the model, its provider and the reason, and links to Settings', async () => {
  await upload('a.txt')
  await upload('b.txt')
  expect((await node.post('/v2/update_default_embedding_model', { provider_id: 'mock', model: 'no-such-model' })).status).toBe(200)
  await waitFor(async () => expect((await node.get('/v2/vector_fs_file_states')).body).toMatchObject({ failed: 2 }), { timeout: 8000 })

  renderWithApp(<FilesPage />, routerTransport(node.router))
  const notice = await screen.findByTestId('embedding-failed-notice')
  expect(notice.textContent).toMatch(/^All 2 files could not be embedded/)
  expect(notice.textContent).toMatch(
    /Embedding with no-such-model from Local mock failed: The OpenAI-compatible server at .* has no model 'no-such-model'/
  )
  // Failed in embedding only: the operator is told the files still serve by their words.
  expect(notice.textContent).toContain('Their passages are still found by their words and used in answers.')
  expect(screen.getByRole('link', { name: 'Choose another embedding model in Settings' }).getAttribute('href')).toBe('#/settings')
  // One notice, not one per file.
  expect(screen.getAllByTestId('embedding-failed-notice')).toHaveLength(1)
})

it('no notice while nothing failed', async () => {
  await upload('a.txt')
  renderWithApp(<FilesPage />, routerTransport(node.router))
  await screen.findByRole('treeitem', { name: /a\.txt/ })
  await waitFor(async () => expect((await node.get('/v2/vector_fs_file_states')).body).toMatchObject({ files: 1, failed: 0 }))
  expect(screen.queryByTestId('embedding-failed-notice')).toBeNull()
})
