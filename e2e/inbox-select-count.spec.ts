import { expect, test } from './fixtures/node'
import { InboxListPage } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

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

/*
 * A search lists at most 100 matches and says nothing of those beyond: while it lists that many, the
 * selection is counted among the first matches, not as if they were every match.
 */
test('a search listing its most matches (100): a narrow window says the selection is of the first matches, on one line that fits', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', 105)
  await Promise.all(ids.map((id, i) => nameJobInbox(node, id, `Project ${i}`)))
  await page.goto(node.uiUrl)
  const list = new InboxListPage(page)
  await expect(list.rows().first()).toBeVisible()
  await page.getByRole('textbox', { name: 'Search inboxes' }).fill('Project')
  await expect(page.getByTestId('inbox-count')).toHaveText('The first 100 matches of 105 inboxes')

  // Every match listed selected (the widest the bar gets: "Hide 100", "Delete 100"), with the navigation
  // beside the list and without it.
  await page.setViewportSize({ width: 800, height: 600 })
  await page.getByRole('checkbox').first().check()
  await list.rows().first().focus()
  await page.keyboard.press('End')
  const lastRow = page.locator('[data-index="99"]')
  await expect(lastRow).toBeVisible()
  await lastRow.getByRole('checkbox').click({ modifiers: ['Shift'] })
  const bar = page.getByTestId('bulk-bar')
  const count = bar.getByTestId('bulk-count')
  for (const width of [800, 600]) {
    await page.setViewportSize({ width, height: 600 })
    await expect(count).toHaveText('100 of 100+ selected')
    await expect(count).toBeVisible()
    await expect(count).toHaveAttribute('title', /first 100 matches; there may be more/)
    // Whole, on one line, and the bar within the list's column (once the layout has settled at this width).
    await expect(async () => {
      expect(await count.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getClientRects().length === 1)).toBe(true)
      const box = (await bar.boundingBox())!
      const column = (await page.getByTestId('inbox-scroll').boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(column.x)
      expect(box.x + box.width).toBeLessThanOrEqual(column.x + column.width)
    }).toPass()
  }
})
