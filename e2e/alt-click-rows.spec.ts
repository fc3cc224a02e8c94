import { expect, test } from './fixtures/node'
import { InboxListPage, showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * Alt-click (Option-click on a Mac) on a link is the browser's "download the link": on a row of the
 * inbox list or of the list beside a conversation it saved the page as download.html and opened nothing.
 * The rows have no use for it: it opens the conversation, as a plain click does.
 */
test('Alt-click on a row of the inbox list or of the list beside a conversation opens it, and downloads nothing', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', 3, 1)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Topic ${i}`)
  const downloads: string[] = []
  page.on('download', (d) => downloads.push(d.suggestedFilename()))
  await page.goto(node.uiUrl)

  const rows = new InboxListPage(page).rows()
  await expect(rows).toHaveCount(3)
  await rows.filter({ hasText: 'Topic 1' }).click({ modifiers: ['Alt'] })
  await expect(page.getByTestId('inbox-title')).toHaveText('Topic 1')

  await showJobInbox(page, ids[0]!)
  await expect(page.getByTestId('inbox-title')).toHaveText('Topic 0')
  const list = page.getByRole('navigation', { name: 'Conversations' })
  await list.getByRole('link', { name: 'Topic 2' }).click({ modifiers: ['Alt'] })
  await expect(page.getByTestId('inbox-title')).toHaveText('Topic 2')
  await expect(list.getByRole('link', { name: 'Topic 2' })).toHaveAttribute('aria-current', 'page')

  await page.waitForTimeout(500)
  expect(downloads).toEqual([])
})
