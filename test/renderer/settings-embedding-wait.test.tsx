// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { SettingsPage } from '../../src/renderer/src/features/settings/SettingsPage'
import { startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings'
import { addProvider, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

/*
 * An embedding server that accepts the call and never answers: the files showed "processing" for
 * the whole time-out with nothing saying they waited on the server. Settings now says so, against a
 * real node whose embedding server hangs.
 */

let fake: FakeEmbeddings
const node = useTestNode({
  vectorFs: { queue: { batchSize: 4, callTimeoutMs: 30_000, waitNoticeMs: 200, backoffMs: 20, maxBackoffMs: 20 } }
})
beforeEach(async () => {
  fake = await startFakeEmbeddings(16)
})
afterEach(async () => {
  cleanup()
  await fake.close()
})

it('while the embedding server leaves a call unanswered, Settings says the files wait on it and how long the node waits', async () => {
  await addProvider(node, 'emb', { api_key: 'sk-embed', external_url: `${fake.url}/v1` })
  await node.post('/v2/update_default_embedding_model', { provider_id: 'emb', model: 'text-embedding-3-small' })
  fake.behaviour = { type: 'hang' }
  await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'a.txt', file_data: new TextEncoder().encode('words to embed') })
  await waitFor(async () =>
    expect(((await node.get('/v2/vector_fs_file_states')).body as { embedding_wait: unknown }).embedding_wait).not.toBeNull()
  )

  renderWithApp(<SettingsPage />, routerTransport(node.router))
  await waitFor(() => expect(screen.getByTestId('embedding-progress').textContent).toBe('Files: 1 processing · 0 ready · 0 failed'))
  const why = await screen.findByTestId('embedding-wait')
  expect(why.textContent).toMatch(/Embedding is waiting for the embedding server/)
  expect(why.textContent).toMatch(/The server of emb was asked to embed with text-embedding-3-small at .* and has not answered yet/)
  expect(why.textContent).toMatch(/The node waits (2\d|30) s more; if no answer comes, these files are marked failed/)
  expect(screen.queryByTestId('embedding-failure')).toBeNull()
  // No model: the call in flight is given up, not left to the server's close.
  await node.post('/v2/update_default_embedding_model', { provider_id: null, model: null })
  await node.ctx.vectorFs.idle()
})

it('a try that waits on the server after one that failed: Settings says it waits, not that the node tries again now', async () => {
  await addProvider(node, 'emb', { api_key: 'sk-embed', external_url: `${fake.url}/v1` })
  await node.post('/v2/update_default_embedding_model', { provider_id: 'emb', model: 'text-embedding-3-small' })
  fake.behaviour = { type: 'fail', status: 503, times: 1000 }
  await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'a.txt', file_data: new TextEncoder().encode('words to embed') })
  const states = async () => (await node.get('/v2/vector_fs_file_states')).body as { embedding_failure: unknown; embedding_wait: unknown }
  await waitFor(async () => expect((await states()).embedding_failure).not.toBeNull())
  fake.behaviour = { type: 'hang' }
  // The next try hangs: the last failure is still known, and now the wait too.
  await waitFor(
    async () => expect(await states()).toMatchObject({ embedding_failure: expect.anything(), embedding_wait: expect.anything() }),
    {
      timeout: 5000
    }
  )

  renderWithApp(<SettingsPage />, routerTransport(node.router))
  expect((await screen.findByTestId('embedding-wait')).textContent).toMatch(/Embedding is waiting for the embedding server/)
  // One notice: "tries again now (try 2 of 6)" beside it said the opposite of what happens.
  expect(screen.queryByTestId('embedding-failure')).toBeNull()
  await node.post('/v2/update_default_embedding_model', { provider_id: null, model: null })
  await node.ctx.vectorFs.idle()
})
