// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { SettingsPage } from '../../src/renderer/src/features/settings/SettingsPage'
import { sourcesOf } from '../../src/renderer/src/features/inboxes/MessageList'
import type { LastMessage } from '../../src/shared/contract/message'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { addProvider, useTestNode } from '../support/node'
import { vfsSettings } from '../../src/main/vector-fs/settings'
import { provider } from '../support/fixtures'
import { renderWithApp, routerTransport } from './render'

describe('Settings page against a real node', () => {
  const node = useTestNode({
    setup: async (n) => {
      await addProvider(n, 'gpt')
      await addProvider(n, 'claude', { model: { Claude: { model_type: 'claude-x' } } })
    }
  })
  afterEach(cleanup)

  it('says search works by keywords without a model, offers only providers that can embed, and saves the choice', async () => {
    renderWithApp(<SettingsPage />, routerTransport(node.router))
    expect((await screen.findByTestId('keyword-only')).textContent).toMatch(/by keywords alone/)
    expect(screen.getByTestId('embedding-progress').textContent).toBe('Files: 0 processing · 0 ready · 0 failed')
    await userEvent.click(screen.getByLabelText('Provider', { selector: 'input' }))
    const options = await screen.findAllByRole('option', { hidden: true })
    expect(options.map((o) => o.textContent)).toEqual([expect.stringMatching(/^gpt/)]) // Claude cannot embed
    await userEvent.click(options[0]!)
    await userEvent.type(screen.getByRole('textbox', { name: 'Embedding model name' }), 'text-embedding-3-small')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByTestId('embedding-current').textContent).toMatch(/text-embedding-3-small from gpt/))
    expect((await node.get('/v2/get_default_embedding_model')).body).toEqual({ provider_id: 'gpt', model: 'text-embedding-3-small' })
  })
})

describe('Settings page: what a first-time user is told', () => {
  let fake: FakeLlm
  const node = useTestNode({
    setup: async (n) => {
      // A server that answers chat but has no embeddings endpoint (404): embedding with it fails at once.
      fake = await startFakeLlm()
      await addProvider(n, 'gpt', { external_url: `${fake.url}/v1` })
    }
  })
  afterEach(async () => {
    cleanup()
    await fake.close()
  })

  it('a provider chosen with no model typed: Save says the model name is missing (it was a disabled button, the placeholder looking like a value); nothing is saved', async () => {
    renderWithApp(<SettingsPage />, routerTransport(node.router))
    await screen.findByTestId('keyword-only')
    await userEvent.click(screen.getByLabelText('Provider', { selector: 'input' }))
    await userEvent.click((await screen.findAllByRole('option', { hidden: true }))[0]!)
    const save = screen.getByRole('button', { name: 'Save' })
    expect(save.hasAttribute('disabled')).toBe(false)
    await userEvent.click(save)
    expect(await screen.findByText('Type the name of an embedding model this provider’s server has')).toBeTruthy()
    expect((await node.get('/v2/get_default_embedding_model')).body).toEqual({ provider_id: null, model: null })
  })

  it('failed files are counted with a link to the Files page, where each says why; none failed, no link', async () => {
    const first = renderWithApp(<SettingsPage />, routerTransport(node.router))
    await screen.findByTestId('keyword-only')
    expect(screen.queryByRole('link', { name: /Files page/ })).toBeNull()
    first.unmount()
    const bytes = new TextEncoder().encode('Some words.')
    expect((await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'a.txt', file_data: bytes })).status).toBe(200)
    // An embedding model the server cannot give: the file fails.
    expect((await node.post('/v2/update_default_embedding_model', { provider_id: 'gpt', model: 'none-such' })).status).toBe(200)
    await waitFor(async () => expect((await node.get('/v2/vector_fs_file_states')).body).toMatchObject({ failed: 1 }), { timeout: 8000 })
    renderWithApp(<SettingsPage />, routerTransport(node.router))
    await waitFor(() => expect(screen.getByTestId('embedding-progress').textContent).toMatch(/1 failed/))
    expect(screen.getByRole('link', { name: /Files page/ }).getAttribute('href')).toBe('#/files')
  })
})

describe('Settings page when the embedding provider is gone', () => {
  const node = useTestNode({
    setup: async (n) => {
      await addProvider(n, 'gpt')
      await addProvider(n, 'old')
      expect((await n.post('/v2/update_default_embedding_model', { provider_id: 'old', model: 'emb-1' })).status).toBe(200)
    }
  })
  afterEach(cleanup)

  it.each([
    ['removed', () => node.post('/v2/remove_llm_provider', { llm_provider_id: 'old' })],
    [
      'changed to a kind that cannot embed',
      () => node.post('/v2/modify_llm_provider', provider('old', { model: { Claude: { model_type: 'c' } } }))
    ]
  ])('the provider %s: the node forgets it as the embedding model, and the page says search is by keywords alone', async (_, change) => {
    expect((await change()).status).toBe(200)
    renderWithApp(<SettingsPage />, routerTransport(node.router))
    expect((await screen.findByTestId('keyword-only')).textContent).toMatch(/No embedding model is set/)
    expect(screen.queryByTestId('embedding-stale')).toBeNull()
    expect(screen.queryByTestId('embedding-current')).toBeNull()
  })

  it('a setting an older version left pointing at a removed provider: the page says so instead of "embedded with emb-1 from gone" over a select reading "None", and Save then stores none', async () => {
    vfsSettings(node.store.db).setEmbeddingModel({ providerId: 'gone', model: 'emb-1' })
    renderWithApp(<SettingsPage />, routerTransport(node.router))
    expect((await screen.findByTestId('embedding-stale')).textContent).toMatch(/“gone”.*cannot embed any more/)
    expect(screen.queryByTestId('embedding-current')).toBeNull()
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Provider', { selector: 'input' }).value).toBe(''))
    expect(screen.getByRole('textbox', { name: /Embedding model name/ }).hasAttribute('disabled')).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(async () => expect((await node.get('/v2/get_default_embedding_model')).body).toEqual({ provider_id: null, model: null }))
  })
})

describe('sourcesOf', () => {
  const message = (sources: unknown) => ({ job_message: { content: 'x', sources } }) as unknown as LastMessage
  it('reads job_message.sources and leaves out malformed entries', () => {
    const good = { path: '/a.txt', name: 'a.txt', node_id: 'n1', score: 0.5 }
    expect(sourcesOf(message([good, { path: 3 }]))).toEqual([good])
    expect(sourcesOf(message(undefined))).toEqual([])
  })
})
