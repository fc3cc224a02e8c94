import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'
import { providerBody } from './seed'

/*
 * "Open the provider's settings" under a failed answer opens the edit wizard at the step holding what
 * failed, its field focused and the failure said; saved, it goes back to the conversation, on Retry.
 * It opened at the first step (Kind), saving went to the Providers page. And a note older than a
 * switch of the job's provider no longer offers "Switch provider" back to the one that failed.
 */

const settingsLink = (note: ReturnType<import('@playwright/test').Page['getByTestId']>) =>
  note.getByRole('link', { name: 'Open the provider’s settings' })

test('a note older than a switch of the job’s provider does not offer the failed provider back', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('local', node.fake.url))
  const inbox = await openNewJobInbox(page, node)
  node.fake.queue = [{ type: 'status', status: 401, body: { error: { message: 'Incorrect API key provided' } } }]
  await inbox.send('Name a colour')
  const note = page.getByTestId('message-error')
  await expect(note.getByRole('button', { name: 'Switch provider' })).toBeVisible()
  await inbox.switchProvider(/^local/)
  await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveValue(/local/)
  await expect(note.getByRole('button', { name: 'Switch provider' })).toHaveCount(0)
  await expect(settingsLink(note)).toHaveCount(0)
  await expect(note.getByRole('button', { name: 'Retry' })).toBeVisible()
})
