// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { SettingsPage } from '../../src/renderer/src/features/settings/SettingsPage'
import { sourcesOf } from '../../src/shared/answer-sources'
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
    expect(options.map((o) => o.textContent)).toEqual(['None (keywords only)', expect.stringMatching(/^gpt/)]) // Claude cannot embed
    await userEvent.click(options[1]!)
    await userEvent.type(screen.getByRole('textbox', { name: 'Embedding model name' }), 'text-embedding-3-small')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByTestId('embedding-current').textContent).toMatch(/text-embedding-3-small from gpt/))
    expect((await node.get('/v2/get_default_embedding_model')).body).toEqual({ provider_id: 'gpt', model: 'text-embedding-3-small' })
  })

  it('"Saved" speaks of what was saved, and only while the form still shows it: not over a new, unsaved choice, and not "every file is embedded again" once none is saved', async () => {
    renderWithApp(<SettingsPage />, routerTransport(node.router))
    await screen.findByTestId('keyword-only')
    const choose = async (name: RegExp) => {
      await userEvent.click(screen.getByLabelText('Provider', { selector: 'input' }))
      await userEvent.click(await screen.findByRole('option', { name, hidden: true }))
    }
    await choose(/^gpt/)
    await userEvent.type(screen.getByRole('textbox', { name: /Embedding model name/ }), 'text-embedding-3-small')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByTestId('embedding-saved')).textContent).toMatch(/embedded with text-embedding-3-small/)

    // A new choice, not saved yet: nothing says "Saved".
    await choose(/^None/)
    expect(screen.queryByTestId('embedding-saved')).toBeNull()

    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByTestId('embedding-saved').textContent).toMatch(/keywords alone/))
    expect(screen.getByTestId('embedding-saved').textContent).not.toMatch(/embedded/)
    expect((await node.get('/v2/get_default_embedding_model')).body).toEqual({ provider_id: null, model: null })
  })

  it('why a Save failed shows while the form still shows what was sent, and goes with a new choice', async () => {
    renderWithApp(<SettingsPage />, routerTransport(node.router))
    await screen.findByTestId('keyword-only')
    await userEvent.click(screen.getByLabelText('Provider', { selector: 'input' }))
    await userEvent.click(await screen.findByRole('option', { name: /^gpt/, hidden: true }))
    const modelBox = screen.getByRole('textbox', { name: /Embedding model name/ })
    await userEvent.type(modelBox, 'emb-1')
    // Removed elsewhere (a script, another window) after the page listed it: the node refuses the setting.
    expect((await node.post('/v2/remove_llm_provider', { llm_provider_id: 'gpt' })).status).toBe(200)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByTestId('embedding-error')).textContent).toMatch(/gpt/)
    await userEvent.type(modelBox, '-large')
    expect(screen.queryByTestId('embedding-error')).toBeNull()
    await userEvent.type(modelBox, '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}')
    expect(screen.getByTestId('embedding-error')).toBeTruthy() // the refused choice again: why it was refused
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
    await userEvent.click(await screen.findByRole('option', { name: /^gpt/, hidden: true }))
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
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Provider', { selector: 'input' }).value).toBe('None (keywords only)')
    )
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

describe('Settings page: saving the embedding model, which embeds every file again', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
  afterEach(cleanup)
  const upload = async (name: string) => {
    const bytes = new TextEncoder().encode(`Words of ${name}.`)
    expect((await node.post('/v2/upload_file_to_folder', { path: '/', filename: name, file_data: bytes })).status).toBe(200)
  }
  const stored = async () => (await node.get('/v2/get_default_embedding_model')).body
  const chooseGpt = async () => {
    await userEvent.click(screen.getByLabelText('Provider', { selector: 'input' }))
    await userEvent.click(await screen.findByRole('option', { name: /^gpt/, hidden: true }))
  }

  it('the setting in use is not saved again (Save is off until something changes)', async () => {
    renderWithApp(<SettingsPage />, routerTransport(node.router))
    await screen.findByTestId('keyword-only')
    const save = screen.getByRole('button', { name: 'Save' })
    expect(save.hasAttribute('disabled')).toBe(true)
    await chooseGpt()
    expect(save.hasAttribute('disabled')).toBe(false)
  })

  it('with files in the library, a new model asks first, naming how many files are embedded; Cancel keeps the setting', async () => {
    await upload('a.txt')
    await upload('b.txt')
    renderWithApp(<SettingsPage />, routerTransport(node.router))
    await waitFor(() => expect(screen.getByTestId('embedding-progress').textContent).toMatch(/2 ready/))
    await chooseGpt()
    await userEvent.type(screen.getByRole('textbox', { name: 'Embedding model name' }), 'text-embedding-3-small')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('Embed 2 files?')
    expect(dialog.textContent).toContain('All 2 files in the library are embedded with text-embedding-3-small from gpt')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel', hidden: true }))
    expect(await stored()).toEqual({ provider_id: null, model: null })

    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Embed 2 files', hidden: true }))
    await waitFor(async () => expect(await stored()).toEqual({ provider_id: 'gpt', model: 'text-embedding-3-small' }))
    // In use now: nothing to save until it changes.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true))
  })

  it('names the embedding provider as the providers page does (its display name)', async () => {
    await addProvider(node, 'box', { name: 'GPU box' })
    expect((await node.post('/v2/update_default_embedding_model', { provider_id: 'box', model: 'emb' })).status).toBe(200)
    renderWithApp(<SettingsPage />, routerTransport(node.router))
    await waitFor(() => expect(screen.getByTestId('embedding-current').textContent).toBe('Documents are embedded with emb from GPU box.'))
  })

  it('going back to keywords alone asks first too, and says the embeddings are dropped', async () => {
    await upload('a.txt')
    expect((await node.post('/v2/update_default_embedding_model', { provider_id: 'gpt', model: 'emb' })).status).toBe(200)
    renderWithApp(<SettingsPage />, routerTransport(node.router))
    await screen.findByTestId('embedding-current')
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true)
    // From the keyboard: None is an option of the select like the providers.
    screen.getByLabelText('Provider', { selector: 'input' }).focus()
    await userEvent.keyboard('{ArrowDown}')
    await userEvent.click(await screen.findByRole('option', { name: 'None (keywords only)', hidden: true }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('Search the file by keywords alone?')
    await userEvent.click(screen.getByRole('button', { name: 'Use keywords alone', hidden: true }))
    await waitFor(async () => expect(await stored()).toEqual({ provider_id: null, model: null }))
  })
})

describe('Settings page with 300 providers that can embed', () => {
  const node = useTestNode({
    setup: async (n) => {
      for (let b = 0; b < 3; b++) {
        const providers = Array.from({ length: 100 }, (_, j) => provider(`emb-${b * 100 + j}`, { name: `Embedder ${b * 100 + j}` }))
        const res = await n.post('/v2/add_llm_providers', { providers })
        if (res.status !== 200) throw new Error(JSON.stringify(res.body))
      }
    }
  })
  afterEach(cleanup)

  it('finds the last of them by typing its name (the picker only scrolled), and saves it', async () => {
    renderWithApp(<SettingsPage />, routerTransport(node.router))
    await screen.findByTestId('keyword-only')
    const field = screen.getByLabelText('Provider', { selector: 'input' })
    await userEvent.click(field)
    await userEvent.type(field, 'embedder 299')
    await waitFor(() =>
      expect(screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual(['Embedder 299 · gpt-4o-mini (emb-299)'])
    )
    await userEvent.keyboard('{Enter}')
    await userEvent.type(screen.getByRole('textbox', { name: /Embedding model name/ }), 'text-embedding-3-small')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(async () =>
      expect((await node.get('/v2/get_default_embedding_model')).body).toEqual({ provider_id: 'emb-299', model: 'text-embedding-3-small' })
    )
  })
})
