import { expect, test } from './fixtures/node'
import { InboxListPage } from './pages/inbox'
import { providerBody, seedJobs } from './seed'

/*
 * On a narrow window the inbox count steps aside for the bulk bar while inboxes are selected, and how
 * many inboxes there were could no longer be read. The bar says it there: "1 of 3 selected".
 */
test('while inboxes are selected, how many there are can still be read, on a wide window and a narrow one', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await seedJobs(node, 'gpt', 3, 1)
  await page.goto(node.uiUrl)
  const list = new InboxListPage(page)
  await expect(list.rows()).toHaveCount(3)
  const bar = page.getByTestId('bulk-bar')

  await page.setViewportSize({ width: 800, height: 600 })
  await page.getByRole('checkbox').first().check()
  await expect(bar.getByText('1 of 3 selected', { exact: true })).toBeVisible()
  await page.getByRole('checkbox').nth(1).check()
  await expect(bar.getByText('2 of 3 selected', { exact: true })).toBeVisible()

  // Wide, the count stays beside the bar, which says only how many are selected.
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(page.getByTestId('inbox-count')).toHaveText('3 inboxes')
  await expect(bar.getByText('2 selected', { exact: true })).toBeVisible()
})
