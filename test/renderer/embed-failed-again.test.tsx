// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createServer, type AddressInfo } from 'node:net'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import { SettingsPage } from '../../src/renderer/src/features/settings/SettingsPage'
import { startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings'
import { addProvider, useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'

/*
 * The embedding server was stopped: every file failed, saying it could not be reached. Once it ran
 * again the window offered no way to embed them but choosing another model and back. The Files
 * page's notice and Settings now have "Embed the N failed files again". Against a real node; the
 * server is started again on the port where nothing listened.
 */

layOutLists()
let fake: FakeEmbeddings | undefined
let port: number
const node = useTestNode()
beforeEach(async () => {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  port = (s.address() as AddressInfo).port
  await new Promise<void>((r) => s.close(() => r()))
  await addProvider(node, 'emb', { name: 'Local embeddings', external_url: `http://127.0.0.1:${port}/v1` })
  expect((await node.post('/v2/update_default_embedding_model', { provider_id: 'emb', model: 'nomic-embed-text' })).status).toBe(200)
  for (const name of ['a.txt', 'b.txt']) {
    const res = await node.post('/v2/upload_file_to_folder', {
      path: '/',
      filename: name,
      file_data: new TextEncoder().encode(`Words of ${name}.`)
    })
    expect(res.status).toBe(200)
  }
  await waitFor(async () => expect((await node.get('/v2/vector_fs_file_states')).body).toMatchObject({ failed: 2 }), { timeout: 8000 })
})
afterEach(async () => {
  cleanup()
  await fake?.close()
  fake = undefined
})

const states = async () => (await node.get('/v2/vector_fs_file_states')).body

it('Files page: the notice says the server could not be reached, and embeds the files again once it runs', async () => {
  renderWithApp(<FilesPage />, routerTransport(node.router))
  const notice = await screen.findByTestId('embedding-failed-notice')
  expect(notice.textContent).toMatch(/^All 2 files could not be embedded/)
  // (happy-dom's fetch words a refused connection its own way: test/vector-fs/embedding-unreachable.test.ts has the node's words.)
  expect(notice.textContent).toMatch(/connection refused|ECONNREFUSED/)

  fake = await startFakeEmbeddings(16, port)
  const again = within(notice).getByRole('button', { name: 'Embed the 2 failed files again' })
  again.focus()
  fireEvent.click(again)
  await waitFor(async () => expect(await states()).toMatchObject({ ready: 2, failed: 0 }), { timeout: 8000 })
  await waitFor(() => expect(screen.queryByTestId('embedding-failed-notice')).toBeNull())
  // The button went with the notice: the focus is on the page's first control, not lost.
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /Upload files/ })))
})

it('Settings: the failed alert embeds the files again, and says they are embedding', async () => {
  renderWithApp(<SettingsPage />, routerTransport(node.router))
  const failed = await screen.findByTestId('embedding-failed')
  expect(failed.textContent).toMatch(/connection refused|ECONNREFUSED/)
  // "2 failed" alone read as if the files were unusable.
  expect(screen.getByText(/^Failed files are still found by their words and used in answers\./)).toBeTruthy()

  fake = await startFakeEmbeddings(16, port)
  fireEvent.click(within(failed).getByRole('button', { name: 'Embed the 2 failed files again' }))
  await waitFor(async () => expect(await states()).toMatchObject({ ready: 2, failed: 0 }), { timeout: 8000 })
  await waitFor(() => expect(screen.getByTestId('embedding-progress').textContent).toBe('Files: 0 processing · 2 ready · 0 failed'))
  expect(screen.queryByTestId('embedding-failed')).toBeNull()
})

it('a failed file’s preview says its embedding failed and that it is still found by its words', async () => {
  // The file in the address is previewed.
  renderWithApp(<FilesPage path="/a.txt" />, routerTransport(node.router))
  const failed = await screen.findByTestId('file-embedding-failed')
  expect(failed.textContent).toMatch(/^Embedding this file failed/)
  expect(failed.textContent).toMatch(/connection refused|ECONNREFUSED/)
  expect(failed.textContent).toContain('Its passages are still found by their words (keyword search) and used in answers.')
  // As it says: the node finds it by a word.
  expect(((await node.post('/v2/search_items', { search: 'Words' })).body as unknown[]).length).toBe(2)
})
