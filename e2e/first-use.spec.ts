import { expect, test } from './fixtures/node'
import { InboxPage } from './pages/inbox'
import { NewJobPage } from './pages/new-job'
import { providerBody } from './seed'

test('one document, one job, one answer citing two of its passages: counts read "1 entry" and "1 inbox", and the two chips say which passage each opens', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const handbook =
    '# Holiday policy\n\nEmployees get 27 days of paid holiday per year.\n\n## Sick leave\n\nSick leave needs a note after 3 days.'
  expect((await node.upload('/', 'handbook.md', handbook)).status).toBe(200)
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'New job' }).first().click()
  const job = new NewJobPage(page)
  await job.pick(['handbook.md'])
  await expect(page.getByText('The documents and folders the job may draw on: 1 entry.')).toBeVisible()
  await job.create()
  await expect(page).toHaveURL(/#\/inboxes\/job_inbox/)
  // The inbox's scope: in the Details drawer at 1280 px (the panel is beside the conversation from 1408 px).
  await page.getByRole('button', { name: 'Details' }).click()
  const details = page.getByRole('dialog', { name: 'Job details' })
  await expect(details.getByText('1 entry', { exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(details).toHaveCount(0)

  const inbox = new InboxPage(page)
  node.fake.behaviour = { type: 'reply', chunks: ['27 days, and a note after 3 days of sick leave.'] }
  await inbox.send('How many days of holiday, and when is a sick note needed?')
  await expect(inbox.answers()).toHaveText(/27 days/)
  const chips = page.getByTestId('source-chip')
  await expect(chips).toHaveCount(2)
  const labels = await chips.allTextContents()
  expect(new Set(labels).size).toBe(2) // told apart, not "handbook.md" twice
  expect([...labels].sort()).toEqual(['handbook.md · passage 1', 'handbook.md · passage 2'])
  await chips.filter({ hasText: 'passage 2' }).click()
  await expect(page).toHaveURL(/#\/files\?path=%2Fhandbook\.md&node=2/)
  await expect(page.getByTestId('file-preview').locator('[data-current=true]')).toContainText('Sick leave needs a note')

  await page.getByRole('link', { name: 'Inboxes' }).click()
  await expect(page.getByText('1 inbox', { exact: true })).toBeVisible()
})
