import { expect, test } from './fixtures/node'
import { InboxListPage } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * The operator searches, goes down the results (End), then types another search and Tabs into its
 * results: the Tab stop had stayed at the old row's place, so Tab went to the new results' last row (or to
 * whichever row another search had there), the list scrolled to its end, instead of to the first result.
 */
test('another search typed after going down the results: Tab enters the new results on their first row', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', 40)
  await Promise.all(ids.map((id, i) => nameJobInbox(node, id, `Report ${i}`)))
  const list = new InboxListPage(page)
  await page.goto(node.uiUrl)
  await expect(list.rows().first()).toBeVisible()

  const search = page.getByLabel('Search inboxes')
  await page.keyboard.press('Control+k')
  await page.keyboard.type('Report')
  await expect(page.getByText('40 of 40 inboxes')).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('End')
  await expect(page.locator('[data-index="39"] a')).toBeFocused()
  // Another search, without the row last focused (a row among the new results is gone back to instead).
  const last = await page.evaluate(() => (document.activeElement as HTMLElement).innerText.match(/Report (\d+)/)![1]!)
  const digit = ['1', '2', '3'].find((d) => d !== last[0])!

  await page.keyboard.press('Control+k')
  await expect(search).toBeFocused()
  await page.keyboard.press('Control+a')
  await page.keyboard.type(`Report ${digit}`)
  // Report 1 and Report 10 to 19 (or 2, 20 to 29; or 3, 30 to 39).
  await expect(page.getByText('11 of 40 inboxes')).toBeVisible()
  await expect(list.rows()).toHaveCount(11)

  // Tab on, past the search's own controls, into the results.
  const inList = () => page.evaluate(() => !!document.activeElement?.closest('[data-testid="inbox-scroll"]'))
  for (let i = 0; i < 5 && !(await inList()); i++) await page.keyboard.press('Tab')
  await expect(page.locator('[data-index="0"] a')).toBeFocused()
})
