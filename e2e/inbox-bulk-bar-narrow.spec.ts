import { expect, test } from './fixtures/node'
import { InboxListPage } from './pages/inbox'
import { providerBody, seedJobs } from './seed'

/*
 * With a hundred inboxes or more selected, the bulk bar's counts have three digits. At 768 px, where the
 * navigation first stands beside the list, the bar at its longest ("130 of 130 selected", Hide 70,
 * Unhide 60, Delete 130, Clear selection) ran past the list's column and the page scrolled sideways.
 * It holds Pin 130 as well now.
 */
test('at 768 px with 130 inboxes selected, hidden and not, the bulk bar fits its column and nothing scrolls sideways', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', 130)
  for (const job_id of ids.slice(0, 60)) await node.api('POST', '/v2/update_job_hidden', { job_id, is_hidden: true })
  await page.setViewportSize({ width: 768, height: 600 })
  await page.goto(node.uiUrl)
  const list = new InboxListPage(page)
  await page.getByRole('switch', { name: 'Show hidden' }).check()
  await expect(page.getByTestId('inbox-count')).toHaveText(/^130 inboxes/)

  // All 130 selected: the first box, then Shift-click on the last row's.
  await page.getByRole('checkbox').first().check()
  await list.rows().first().focus()
  await page.keyboard.press('End')
  const lastRow = page.locator('[data-index="129"]')
  await expect(lastRow).toBeVisible()
  await lastRow.getByRole('checkbox').click({ modifiers: ['Shift'] })
  const bar = page.getByTestId('bulk-bar')
  const count = bar.getByTestId('bulk-count')
  await expect(count).toHaveText('130 of 130 selected')
  await expect(bar.getByRole('button', { name: 'Pin 130' })).toBeVisible()
  await expect(bar.getByRole('button', { name: 'Hide 70' })).toBeVisible()
  await expect(bar.getByRole('button', { name: 'Unhide 60' })).toBeVisible()
  await expect(bar.getByRole('button', { name: 'Delete 130' })).toBeVisible()
  const clear = bar.getByRole('button', { name: 'Clear selection' })
  await expect(clear).toBeVisible()

  // Once the layout has settled: the bar and each of its parts within the list's column, the count whole
  // on one line, and the page no wider than the window (nothing to scroll sideways to).
  await expect(async () => {
    const column = (await page.getByTestId('inbox-scroll').boundingBox())!
    for (const part of [bar, count, clear]) {
      const box = (await part.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(column.x)
      expect(box.x + box.width).toBeLessThanOrEqual(column.x + column.width)
    }
    expect(await count.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getClientRects().length === 1)).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
  }).toPass()

  // The icon does what the words did.
  await clear.click()
  await expect(bar).toHaveCount(0)
})
