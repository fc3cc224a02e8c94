import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * What a failed answer offers fits the failure: Retry always; the provider's settings when they are what
 * failed (a key refused); "Add a provider" only when the job has no working provider. A provider that
 * answered 503 or broke off midway is fine: asking again is the remedy, and adding a provider was offered.
 */

test('a provider answering 503 or breaking off offers Retry alone; a refused key leads to the provider’s settings, by keyboard', async ({
  page,
  node
}) => {
  const inbox = await openNewJobInbox(page, node)
  // A key refused: its settings (shown once the node's providers are read, which the cases after it rely on).
  node.fake.queue = [{ type: 'status', status: 401, body: { error: { message: 'Incorrect API key provided' } } }]
  await inbox.send('Name a colour')
  let note = page.getByTestId('message-error')
  await expect(note).toContainText('rejected the API key')
  await expect(note.getByRole('link', { name: 'Open the provider’s settings' })).toBeVisible()

  // A provider that answered 503: it is fine, Retry is the remedy.
  node.fake.queue = [{ type: 'status', status: 503, body: { error: { message: 'Service Unavailable' } } }]
  await note.getByRole('button', { name: 'Retry' }).click()
  await expect(note).toContainText('HTTP 503')
  await expect(note.getByRole('button', { name: 'Retry' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add a provider' })).toHaveCount(0)
  await expect(note.getByRole('link', { name: 'Open the provider’s settings' })).toHaveCount(0)

  // One that broke off midway: the same.
  node.fake.queue = [{ type: 'break', chunks: ['Half of ', 'an answer'], ending: 'error', delayMs: 50 }]
  await note.getByRole('button', { name: 'Retry' }).click()
  note = page.getByTestId('message-broken-off').getByTestId('message-error')
  await expect(note).toContainText('The answer broke off here.')
  await expect(note.getByRole('button', { name: 'Retry' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add a provider' })).toHaveCount(0)
  await expect(note.getByRole('link', { name: 'Open the provider’s settings' })).toHaveCount(0)

  // The key refused again: its settings reached from Retry by Tab, followed by Enter.
  node.fake.queue = [{ type: 'status', status: 401, body: { error: { message: 'Incorrect API key provided' } } }]
  await note.getByRole('button', { name: 'Retry' }).click()
  note = page.getByTestId('message-error')
  await expect(note).toContainText('rejected the API key')
  const settings = note.getByRole('link', { name: 'Open the provider’s settings' })
  await note.getByRole('button', { name: 'Retry' }).focus()
  await page.keyboard.press('Tab')
  await expect(settings).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Edit provider “gpt”' })).toBeVisible()
})
