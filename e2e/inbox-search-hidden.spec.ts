import { expect, test } from './fixtures/node'
import { InboxListPage } from './pages/inbox'
import { emptyScope, nameJobInbox, providerBody } from './seed'

test('a search whose only matches are hidden inboxes says so and offers them, instead of "No inbox matches"', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const create = async (name: string, hidden: boolean) => {
    const { job_id } = (
      await node.api<{ job_id: string }>('POST', '/v2/create_job', {
        llm_provider: 'gpt',
        job_creation_info: { scope: emptyScope, is_hidden: hidden }
      })
    ).body
    await nameJobInbox(node, job_id, name)
  }
  await create('Visible budget', false)
  await create('Archived lease 2023', true)
  await create('Archived lease 2022', true)
  await page.goto(node.uiUrl)
  const list = new InboxListPage(page)
  await expect(list.rows()).toHaveCount(1)

  await page.keyboard.press('Control+k')
  await page.keyboard.type('lease')
  // It was "No inbox matches “lease”." while two inboxes named so were there, hidden.
  const status = page.getByRole('status').filter({ hasText: 'lease' })
  await expect(status).toHaveText('No visible inbox matches “lease”; 2 hidden inboxes do.')
  await expect(page.getByText('No inbox matches “lease”.')).toHaveCount(0)
  // Reached from the keyboard: past Clear search and the Show hidden switch.
  const show = page.getByRole('button', { name: 'Show the hidden matches' })
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab')
  await expect(show).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(list.rows()).toHaveCount(2)
  await expect(page.getByRole('switch', { name: 'Show hidden' })).toBeChecked()
  // The button went with the message: the focus is in the search field, not on the page.
  await expect(page.getByLabel('Search inboxes')).toBeFocused()

  // With hidden inboxes shown, a search that finds nothing says so plainly (announced, too).
  await page.getByLabel('Search inboxes').fill('nothing like this')
  await expect(page.getByRole('status').filter({ hasText: 'nothing like this' })).toHaveText('No inbox matches “nothing like this”.')
})
