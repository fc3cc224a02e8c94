// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { SettingsPage } from '../../src/renderer/src/features/settings/SettingsPage'
import { startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings'
import { addProvider, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

/*
 * Settings counts the files still processing; when the embedding provider keeps failing it must
 * also say why (the reason was in the log alone), against a real node whose provider answers 503.
 */

let fake: FakeEmbeddings
const node = useTestNode({ vectorFs: { queue: { batchSize: 4, backoffMs: 20_000, maxBackoffMs: 20_000, maxAttempts: 6 } } })
beforeEach(async () => {
  fake = await startFakeEmbeddings(16)
})
afterEach(async () => {
  cleanup()
  await fake.close()
})

it('while the embedding provider keeps failing, Settings says why files are still processing and when the node tries again', async () => {
  await addProvider(node, 'emb', { api_key: 'sk-embed', external_url: `${fake.url}/v1` })
  await node.post('/v2/update_default_embedding_model', { provider_id: 'emb', model: 'text-embedding-3-small' })
  fake.behaviour = { type: 'fail', status: 503, times: 1000 }
  await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'a.txt', file_data: new TextEncoder().encode('words to embed') })
  await waitFor(async () =>
    expect(((await node.get('/v2/vector_fs_file_states')).body as { embedding_failure: unknown }).embedding_failure).not.toBeNull()
  )

  renderWithApp(<SettingsPage />, routerTransport(node.router))
  await waitFor(() => expect(screen.getByTestId('embedding-progress').textContent).toBe('Files: 1 processing · 0 ready · 0 failed'))
  const why = await screen.findByTestId('embedding-failure')
  expect(why.textContent).toMatch(/Embedding is waiting for the provider/)
  expect(why.textContent).toMatch(/The last try failed: .*HTTP 503/)
  // The 20 s back-off is jittered by ±25% and capped at 20 s.
  expect(why.textContent).toMatch(/The node tries again in (1[5-9]|20) s \(try 2 of 6\)/)
})

it('no notice while embedding works', async () => {
  await addProvider(node, 'emb', { api_key: 'sk-embed', external_url: `${fake.url}/v1` })
  await node.post('/v2/update_default_embedding_model', { provider_id: 'emb', model: 'text-embedding-3-small' })
  await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'a.txt', file_data: new TextEncoder().encode('words to embed') })
  await waitFor(async () => expect(((await node.get('/v2/vector_fs_file_states')).body as { ready: number }).ready).toBe(1), {
    timeout: 5000
  })
  renderWithApp(<SettingsPage />, routerTransport(node.router))
  await waitFor(() => expect(screen.getByTestId('embedding-progress').textContent).toBe('Files: 0 processing · 1 ready · 0 failed'))
  expect(screen.queryByTestId('embedding-failure')).toBeNull()
})
