// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it } from 'vitest'
import { SettingsPage } from '../../src/renderer/src/features/settings/SettingsPage'
import { useEmbeddingProvider, useTestNode } from '../support/node'
import { renderConnected } from './render'

/*
 * After Save, the green "Saved. Every file is embedded again…" stayed beside "Embedding failed",
 * which contradicts it: once the files of the model saved here fail, the failure is the one thing
 * said; a later save that embeds them says "Saved" again. Against a real node and a real loopback
 * embeddings server that first refuses (HTTP 400, not tried again), then works; the page connected to
 * the node's events as in the window (the change of the files' states comes as an event, not after a poll).
 */

const node = useTestNode({ vectorFs: { queue: { batchSize: 4, backoffMs: 5, maxBackoffMs: 20, maxAttempts: 2 } } })
const fake = useEmbeddingProvider(node)
afterEach(cleanup)

async function saveModel(model: string, confirm: string) {
  const field = screen.getByRole('textbox', { name: /Embedding model name/ })
  await userEvent.clear(field)
  await userEvent.type(field, model)
  await userEvent.click(screen.getByRole('button', { name: 'Save' }))
  await userEvent.click(await screen.findByRole('button', { name: confirm, hidden: true }))
}

it('the "Saved" note gives way to "Embedding failed", and comes back once a later save embeds the files', async () => {
  await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'a.txt', file_data: new TextEncoder().encode('words to embed') })
  fake.behaviour = { type: 'fail', status: 400, times: 1000 }
  renderConnected(<SettingsPage />, node)
  await waitFor(() => expect(screen.getByTestId('embedding-progress').textContent).toMatch(/1 ready/))
  await userEvent.click(screen.getByLabelText('Provider', { selector: 'input' }))
  await userEvent.click(await screen.findByRole('option', { name: /^emb/, hidden: true }))
  await saveModel('refused-model', 'Embed the file')
  expect((await screen.findByTestId('embedding-saved')).textContent).toBe(
    'Saved. Every file is embedded again with refused-model in the background.'
  )

  await screen.findByTestId('embedding-failed', {}, { timeout: 8000 })
  await waitFor(() => expect(screen.queryByTestId('embedding-saved')).toBeNull())

  fake.behaviour = { type: 'ok' }
  await saveModel('working-model', 'Embed the file')
  await waitFor(() => expect(screen.getByTestId('embedding-outcome').textContent).toBe('Done: the file is embedded with working-model.'), {
    timeout: 8000
  })
  expect(screen.getByTestId('embedding-saved').textContent).toBe(
    'Saved. Every file is embedded again with working-model in the background.'
  )
  expect(screen.queryByTestId('embedding-failed')).toBeNull()
})
