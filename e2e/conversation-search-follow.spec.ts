import { expect, test, type HeadlessNode } from './fixtures/node'
import { InboxListPage } from './pages/inbox'
import { emptyScope, nameJobInbox, providerBody } from './seed'

/** Five conversations; newest first, the whole list interleaves them: Invoice May, Holiday plans, Invoice April, Team lunch, Invoice March. */
async function seedConversations(node: HeadlessNode) {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  for (const name of ['Invoice March', 'Team lunch', 'Invoice April', 'Holiday plans', 'Invoice May']) {
    const { job_id } = (
      await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope: emptyScope } })
    ).body
    await nameJobInbox(node, job_id, name)
  }
}

test('a conversation opened from search results has them beside it: Alt+Down opens the next result, Back shows the search again, Clear search lists all', async ({
  page,
  node
}) => {
  await seedConversations(node)
  await page.setViewportSize({ width: 1400, height: 800 })
  await page.goto(node.uiUrl)
  const list = new InboxListPage(page)
  await expect(list.rows()).toHaveCount(5)
  await page.getByLabel('Search inboxes').fill('invoice')
  await expect(list.rows()).toHaveCount(3)
  const results = (await page.getByTestId('inbox-name').allTextContents()).map((n) => n.trim())
  await page.getByTestId('inbox-row').first().click()
  await expect(page.getByTestId('inbox-title')).toHaveText(results[0]!)

  // As in a mail client: the next result, not the next conversation of the whole list.
  await page.keyboard.press('Alt+ArrowDown')
  await expect(page.getByTestId('inbox-title')).toHaveText(results[1]!)
  // Beside it, the results, the query said, the open one marked.
  const side = page.getByTestId('conversation-list')
  await expect(side.getByTestId('conversation-search')).toContainText('Results for “invoice”')
  const nav = side.getByRole('navigation', { name: 'Conversations' })
  await expect(nav.getByRole('link')).toHaveText(results)
  await expect(nav.getByRole('link', { name: results[1]! })).toHaveAttribute('aria-current', 'page')
  await page.keyboard.press('Alt+ArrowDown')
  await expect(page.getByTestId('inbox-title')).toHaveText(results[2]!)
  await page.keyboard.press('Alt+ArrowUp')
  await expect(page.getByTestId('inbox-title')).toHaveText(results[1]!)

  // Back to the list: the search as it was.
  await page.getByRole('link', { name: 'Inboxes' }).click()
  await expect(page.getByLabel('Search inboxes')).toHaveValue('invoice')
  await expect(page.getByTestId('inbox-name')).toHaveText(results)

  // Opened again from the results, then the search cleared beside it: all conversations, Alt+Down along them.
  await page.getByTestId('inbox-row').nth(1).click()
  await expect(side.getByTestId('conversation-search')).toBeVisible()
  await side.getByRole('button', { name: 'Clear search' }).click()
  await expect(nav.getByRole('link')).toHaveCount(5)
  await expect(side.getByTestId('conversation-search')).toHaveCount(0)
  const all = await nav.getByRole('link').allTextContents()
  await page.keyboard.press('Alt+ArrowDown')
  await expect(page.getByTestId('inbox-title')).toHaveText(all[all.indexOf(results[1]!) + 1]!)
})

test('reloaded, or opened by its address in a new tab, a conversation opened from search results still has them beside it', async ({
  page,
  node
}) => {
  await seedConversations(node)
  await page.setViewportSize({ width: 1400, height: 800 })
  await page.goto(node.uiUrl)
  const list = new InboxListPage(page)
  await expect(list.rows()).toHaveCount(5)
  await page.getByLabel('Search inboxes').fill('invoice')
  await expect(list.rows()).toHaveCount(3)
  const results = (await page.getByTestId('inbox-name').allTextContents()).map((n) => n.trim())
  await page.getByTestId('inbox-row').first().click()
  await expect(page.getByTestId('inbox-title')).toHaveText(results[0]!)
  await page.keyboard.press('Alt+ArrowDown')
  await expect(page.getByTestId('inbox-title')).toHaveText(results[1]!)

  // F5: the same conversation, the query and its results beside it, Alt+Down along them.
  await page.reload()
  await expect(page.getByTestId('inbox-title')).toHaveText(results[1]!)
  const side = page.getByTestId('conversation-list')
  await expect(side.getByTestId('conversation-search')).toContainText('Results for “invoice”')
  const nav = side.getByRole('navigation', { name: 'Conversations' })
  await expect(nav.getByRole('link')).toHaveText(results)
  await expect(nav.getByRole('link', { name: results[1]! })).toHaveAttribute('aria-current', 'page')
  await page.keyboard.press('Alt+ArrowDown')
  await expect(page.getByTestId('inbox-title')).toHaveText(results[2]!)

  // Back: the one before, still along the search.
  await page.goBack()
  await expect(page.getByTestId('inbox-title')).toHaveText(results[1]!)
  await expect(nav.getByRole('link')).toHaveText(results)

  // The address in a new tab: the same.
  const other = await page.context().newPage()
  await other.setViewportSize({ width: 1400, height: 800 })
  await other.goto(page.url())
  await expect(other.getByTestId('inbox-title')).toHaveText(results[1]!)
  await expect(other.getByTestId('conversation-search')).toContainText('Results for “invoice”')
  await expect(other.getByTestId('conversation-list').getByRole('navigation', { name: 'Conversations' }).getByRole('link')).toHaveText(
    results
  )

  // Clear search: all conversations, and reloaded, they stay all.
  await side.getByRole('button', { name: 'Clear search' }).click()
  await expect(nav.getByRole('link')).toHaveCount(5)
  await page.reload()
  await expect(page.getByTestId('inbox-title')).toHaveText(results[1]!)
  await expect(nav.getByRole('link')).toHaveCount(5)
  await expect(side.getByTestId('conversation-search')).toHaveCount(0)
})
