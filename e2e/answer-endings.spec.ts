import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/* How the inbox view shows an answer that waits for a rate-limited provider, and one that broke off. */

test('a provider answering 429 shows that it asked to wait, with the seconds left; Stop ends the wait', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.queue = [{ type: 'status', status: 429, body: { error: { message: 'Rate limit reached' } }, headers: { 'Retry-After': '30' } }]
  node.fake.behaviour = { type: 'reply', chunks: ['Never asked'] }
  await inbox.send('Are you there?')
  const notice = page.getByTestId('answer-paused')
  await expect(notice).toContainText(/The provider asked to wait \(rate limit\); trying again in (30|29|28|27) s/)
  await expect(page.getByText('Waiting for the provider…')).toHaveCount(0)
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  await expect(notice).toHaveCount(0)
  await expect(inbox.answers().last()).toContainText('stopped')
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0)
  expect(node.fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
})

test('an answer that breaks off keeps the part shown while it streamed, with the note and Retry, and once retried it is still there to read', async ({
  page,
  node
}) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.queue = [{ type: 'break', chunks: ['**Half** of ', 'an answer'], ending: 'error', delayMs: 50 }]
  node.fake.behaviour = { type: 'reply', chunks: ['A whole answer'] }
  await inbox.send('Tell me a long story')
  const broken = page.getByTestId('message-broken-off')
  await expect(broken).toContainText('Half of an answer')
  await expect(broken.locator('strong')).toHaveText('Half')
  await expect(broken.getByTestId('message-error')).toContainText('The answer broke off here.')
  await broken.getByRole('button', { name: 'Retry' }).click()
  await expect(inbox.answers().last()).toContainText('A whole answer')
  // The whole answer is the current one; what the attempt that broke off had said is still there to read, marked.
  await expect(page.getByTestId('message-broken-off')).toHaveCount(0)
  await expect(page.getByTestId('answer-position')).toHaveText('2/2')
  await page.getByRole('button', { name: 'Earlier answer' }).click()
  await expect(page.getByTestId('answer-position')).toHaveText('1/2')
  const earlier = inbox.answers()
  await expect(earlier).toContainText('Half of an answer')
  await expect(earlier.locator('strong')).toHaveText('Half')
  await expect(earlier.getByTestId('broken-off-marker')).toHaveText('broke off')
  await expect(earlier.getByTestId('broken-off-note')).toContainText('The answer broke off here.')
  await page.getByRole('button', { name: 'Later answer' }).click()
  await expect(inbox.answers()).toContainText('A whole answer')
})

test('a Regenerate the provider answers with 429 shows the wait it asked for too', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: ['First answer.'] }
  await inbox.send('Name a colour')
  await expect(inbox.answers()).toHaveText([/First answer\./])
  node.fake.queue = [{ type: 'status', status: 429, body: { error: { message: 'Rate limit reached' } }, headers: { 'Retry-After': '30' } }]
  await page.getByRole('button', { name: 'Regenerate' }).click()
  await expect(page.getByTestId('answer-paused')).toContainText(/trying again in (30|29|28|27) s/)
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  await expect(page.getByTestId('answer-position')).toHaveText('2/2')
  await expect(page.getByTestId('answer-paused')).toHaveCount(0)
})

test("the wait notice goes when the node asks again, not when a slow provider's first words come", async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.queue = [{ type: 'status', status: 429, body: { error: { message: 'Rate limit reached' } }, headers: { 'Retry-After': '1' } }]
  // Asked again, the provider takes 8 s to its first words (a local model reading the prompt): long
  // enough that a loaded machine has 6 s to carry the event to the window (with 4 s, it had 3) and a
  // notice that waits for the first words is still told apart.
  node.fake.behaviour = { type: 'reply', chunks: ['Back after the wait.'], delayMs: 8000 }
  await inbox.send('Are you there?')
  const notice = page.getByTestId('answer-paused')
  await expect(notice).toBeVisible()
  // Asked again after the second the provider asked for: the answer is awaited as any other.
  await expect.poll(() => node.fake.requests.filter((r) => r.method === 'POST').length, { timeout: 6000 }).toBe(2)
  // Well before the first words.
  await expect(notice).toHaveCount(0, { timeout: 6000 })
  await expect(page.getByText('Waiting for the provider…')).toBeVisible()
  await expect(inbox.answers().last()).toContainText('Back after the wait.', { timeout: 20_000 })
  await expect(notice).toHaveCount(0)
})
