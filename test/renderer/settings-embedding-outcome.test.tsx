// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SettingsPage } from '../../src/renderer/src/features/settings/SettingsPage'
import { startMockLlm, type MockLlm } from '../support/mock-llm'
import { addProvider, useEmbeddingProvider, useTestNode, type TestNode } from '../support/node'
import { renderConnected } from './render'

/*
 * The node accepts any embedding model name (the contract tries nothing on Save): a wrong one, a
 * server without embeddings or a refused key fails every file in the background, and the operator,
 * who pressed Save here, learnt nothing here. Settings now follows the embedding it started: how
 * many files are being embedded, then "Done", or why it failed with what to do, the model's name
 * at hand to change. Against a real node and real loopback servers (mock-llm, the fake embeddings API),
 * the page connected to the node's events as in the window.
 */

const upload = async (node: TestNode, name: string) => {
  const res = await node.post('/v2/upload_file_to_folder', {
    path: '/',
    filename: name,
    file_data: new TextEncoder().encode(`Words of ${name}.`)
  })
  expect(res.status).toBe(200)
}

async function saveModel(providerName: RegExp, model: string, confirm?: string) {
  await userEvent.click(screen.getByLabelText('Provider', { selector: 'input' }))
  await userEvent.click(await screen.findByRole('option', { name: providerName, hidden: true }))
  const field = screen.getByRole('textbox', { name: /Embedding model name/ })
  await userEvent.clear(field)
  await userEvent.type(field, model)
  await userEvent.click(screen.getByRole('button', { name: 'Save' }))
  if (confirm) await userEvent.click(await screen.findByRole('button', { name: confirm, hidden: true }))
}

describe('Settings: the outcome of saving an embedding model the server does not have', () => {
  let mock: MockLlm
  const node = useTestNode({ vectorFs: { queue: { batchSize: 4, backoffMs: 5, maxBackoffMs: 20, maxAttempts: 2 } } })
  beforeEach(async () => {
    mock = await startMockLlm()
    await addProvider(node, 'mock', { external_url: mock.url })
  })
  afterEach(async () => {
    cleanup()
    await mock.close()
  })

  it('says embedding failed with the node’s reason and what to do, and takes the operator to the model’s name to change it', async () => {
    for (const name of ['a.txt', 'b.txt', 'c.txt']) await upload(node, name)
    renderConnected(<SettingsPage />, node)
    await waitFor(() => expect(screen.getByTestId('embedding-progress').textContent).toMatch(/3 ready/))
    await saveModel(/^mock/, 'no-such-model', 'Embed 3 files')

    const failed = await screen.findByTestId('embedding-failed', {}, { timeout: 8000 })
    // Its title, then the node's reason (the same for every file of the batch), which names the server and what to check.
    expect(failed.textContent).toMatch(/^Embedding failed/)
    expect(failed.textContent).toMatch(/The OpenAI-compatible server at .* has no model 'no-such-model'.*Check the model name\./)
    expect(failed.textContent).toContain('Choose another model, or check the provider (is its server running?) and embed them again.')
    expect(screen.getByRole('link', { name: 'Check the provider' }).getAttribute('href')).toBe('#/providers/mock/edit')
    // Nothing said "Done" over files that failed.
    expect(screen.getByTestId('embedding-outcome').textContent).not.toMatch(/Done/)
    const modelField = screen.getByRole<HTMLInputElement>('textbox', { name: /Embedding model name/ })
    await waitFor(() => expect(document.activeElement).toBe(modelField))
    expect(modelField.value).toBe('no-such-model')

    // The button in the notice takes the focus back there, from anywhere.
    screen.getByRole('link', { name: 'Check the provider' }).focus()
    await userEvent.click(screen.getByRole('button', { name: 'Choose another model' }))
    expect(document.activeElement).toBe(modelField)
  })

  it('files that failed before the page was opened: the notice shows too, and the focus is left where it is', async () => {
    await upload(node, 'a.txt')
    expect((await node.post('/v2/update_default_embedding_model', { provider_id: 'mock', model: 'no-such-model' })).status).toBe(200)
    await waitFor(async () => expect((await node.get('/v2/vector_fs_file_states')).body).toMatchObject({ failed: 1 }), { timeout: 8000 })
    renderConnected(<SettingsPage />, node)
    expect((await screen.findByTestId('embedding-failed')).textContent).toMatch(/has no model 'no-such-model'/)
    expect(document.activeElement).toBe(document.body)
  })
})

describe('Settings: the progress of embedding with a working model', () => {
  const node = useTestNode()
  const fake = useEmbeddingProvider(node)
  afterEach(cleanup)

  it('says how many files are being embedded with which model, then "Done"', async () => {
    await upload(node, 'a.txt')
    await upload(node, 'b.txt')
    let answer!: () => void
    fake.behaviour = { type: 'wait', until: new Promise<void>((r) => (answer = r)) }
    renderConnected(<SettingsPage />, node)
    await waitFor(() => expect(screen.getByTestId('embedding-progress').textContent).toMatch(/2 ready/))
    const arrived = fake.nextRequest()
    await saveModel(/^emb/, 'text-embedding-3-small', 'Embed 2 files')
    await arrived
    await waitFor(() => expect(screen.getByTestId('embedding-outcome').textContent).toBe('Embedding 2 files with text-embedding-3-small…'))
    answer()
    await waitFor(
      () => expect(screen.getByTestId('embedding-outcome').textContent).toBe('Done: all 2 files are embedded with text-embedding-3-small.'),
      {
        timeout: 8000
      }
    )
    expect(screen.queryByTestId('embedding-failed')).toBeNull()
  })

  it('an empty library: says there is nothing to embed yet, with no progress', async () => {
    renderConnected(<SettingsPage />, node)
    await screen.findByTestId('keyword-only')
    await saveModel(/^emb/, 'text-embedding-3-small')
    expect((await screen.findByTestId('embedding-saved')).textContent).toBe(
      'Saved. No files to embed yet: files you add are embedded with text-embedding-3-small.'
    )
    await screen.findByTestId('embedding-current')
    expect(screen.getByTestId('embedding-outcome').textContent).toBe('')
    expect(screen.queryByRole('img', { name: /Loading/ })).toBeNull()
  })
})
