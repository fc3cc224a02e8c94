import { expect, test } from './fixtures/node'
import { InboxPage, openNewJobInbox, showJobInbox } from './pages/inbox'
import { providerBody, seedJobs } from './seed'

/*
 * "Open the provider's settings" under a failed answer opens the edit wizard at the step holding what
 * failed, its field focused and the failure said; saved, it goes back to the conversation, on Retry.
 * It opened at the first step (Kind), saving went to the Providers page. And a note older than a
 * switch of the job's provider no longer offers "Switch provider" back to the one that failed.
 */

const settingsLink = (note: ReturnType<import('@playwright/test').Page['getByTestId']>) =>
  note.getByRole('link', { name: 'Open the provider’s settings' })

test('a refused key opens the key field, said why; saved, the conversation is back with Retry focused, which answers', async ({
  page,
  node
}) => {
  const inbox = await openNewJobInbox(page, node)
  const conversation = await page.evaluate(() => location.hash)
  node.fake.queue = [{ type: 'status', status: 401, body: { error: { message: 'Incorrect API key provided' } } }]
  await inbox.send('Name a colour')
  const note = page.getByTestId('message-error')
  await expect(note).toContainText('rejected the API key')
  await settingsLink(note).click()

  await expect(page.getByRole('heading', { name: 'Edit provider “gpt”' })).toBeVisible()
  await expect(page.getByRole('tab', { selected: true })).toContainText('Connection')
  await expect(page.getByTestId('failure-to-fix')).toContainText('The last answer failed: the provider refused the key (401).')
  await expect(page.getByLabel('API key', { exact: true })).toBeFocused()
  await page.keyboard.type('sk-new')
  await page.getByRole('button', { name: 'Test & save' }).click()

  await expect.poll(() => page.evaluate(() => location.hash)).toBe(conversation)
  const retry = page.getByTestId('message-error').getByRole('button', { name: 'Retry' })
  await expect(retry).toBeFocused()
  node.fake.queue = [{ type: 'reply', chunks: ['Teal'] }]
  await page.keyboard.press('Enter')
  await expect(inbox.answers().last()).toContainText('Teal')
  expect(node.fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-new')
})

test('saved while the conversation’s messages take longer than 3 s to arrive: Retry takes the focus once they are drawn', async ({
  page,
  node
}) => {
  const inbox = await openNewJobInbox(page, node)
  const conversation = await page.evaluate(() => location.hash)
  node.fake.queue = [{ type: 'status', status: 401, body: { error: { message: 'Incorrect API key provided' } } }]
  await inbox.send('Name a colour')
  await settingsLink(page.getByTestId('message-error')).click()
  await expect(page.getByRole('heading', { name: 'Edit provider “gpt”' })).toBeVisible()
  // Opened afresh (nothing of the conversation kept in the window), its messages held back for 4 s.
  await page.reload()
  await expect(page.getByLabel('API key', { exact: true })).toBeFocused()
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/last_messages/, async (route) => {
    await held
    await route.continue()
  })
  await page.keyboard.type('sk-new')
  await page.getByRole('button', { name: 'Test & save' }).click()
  await expect.poll(() => page.evaluate(() => location.hash)).toBe(conversation)
  await expect(page.getByRole('img', { name: 'Loading inbox' })).toBeVisible()
  await page.waitForTimeout(4000)
  release()
  await expect(page.getByTestId('message-error').getByRole('button', { name: 'Retry' })).toBeFocused()
})

test('saved when the conversation has no failed answer left (answered meanwhile): its title takes the focus, not the page', async ({
  page,
  node
}) => {
  const inbox = await openNewJobInbox(page, node)
  const conversation = await page.evaluate(() => location.hash)
  node.fake.queue = [{ type: 'status', status: 401, body: { error: { message: 'Incorrect API key provided' } } }]
  await inbox.send('Name a colour')
  const href = (await settingsLink(page.getByTestId('message-error')).getAttribute('href'))!
  // Retried and answered (another window, say) before the settings are saved.
  node.fake.queue = [{ type: 'reply', chunks: ['Teal'] }]
  await page.getByTestId('message-error').getByRole('button', { name: 'Retry' }).click()
  await expect(inbox.answers().last()).toContainText('Teal')
  await expect(page.getByTestId('message-error')).toHaveCount(0)
  await page.evaluate((to) => (location.hash = to), href)
  await expect(page.getByLabel('API key', { exact: true })).toBeFocused()
  await page.keyboard.type('sk-new')
  await page.getByRole('button', { name: 'Test & save' }).click()
  await expect.poll(() => page.evaluate(() => location.hash)).toBe(conversation)
  await expect(page.getByTestId('inbox-title')).toBeFocused()
})

test('a model not found opens the Model step on the model; Back returns to the conversation', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  const conversation = await page.evaluate(() => location.hash)
  node.fake.queue = [{ type: 'status', status: 404, body: { error: { message: 'The model does not exist' } } }]
  await inbox.send('Name a colour')
  const note = page.getByTestId('message-error')
  await settingsLink(note).click()
  await expect(page.getByRole('tab', { selected: true })).toContainText('Model')
  await expect(page.getByTestId('failure-to-fix')).toContainText('the provider has no model “gpt-e2e” (404)')
  const model = page.getByRole('combobox', { name: 'Model' })
  await expect(model).toBeFocused()
  const fixing = await page.evaluate(() => location.hash)

  // A change not saved: Back asks first, the page (with what it was opened for) stays on Stay.
  await page.keyboard.type('gpt-e2e-2')
  await page.keyboard.press('Escape')
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' })
  await page.goBack()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Stay' }).click()
  await expect.poll(() => page.evaluate(() => location.hash)).toBe(fixing)
  await expect(model).toHaveValue('gpt-e2e-2')
  await expect(page.getByTestId('failure-to-fix')).toBeVisible()

  // Leave: back in the conversation, its note there.
  await page.goBack()
  await dialog.getByRole('button', { name: 'Leave' }).click()
  await expect.poll(() => page.evaluate(() => location.hash)).toBe(conversation)
  await expect(page.getByTestId('message-error')).toBeVisible()
})

test('an address that does not answer opens the Connection step on the address', async ({ page, node }) => {
  // Port 9 (discard) on loopback: nothing listens, the connection is refused.
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', 'http://127.0.0.1:9/v1'))
  const [jobId] = await seedJobs(node, 'gpt', 1)
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId!)
  await new InboxPage(page).send('Name a colour')
  const note = page.getByTestId('message-error')
  await settingsLink(note).click()
  await expect(page.getByRole('tab', { selected: true })).toContainText('Connection')
  await expect(page.getByTestId('failure-to-fix')).toContainText('could not reach the provider at its address')
  await expect(page.getByRole('textbox', { name: 'API base URL' })).toBeFocused()
})

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
