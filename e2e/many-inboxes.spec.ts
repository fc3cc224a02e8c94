import { expect, test as base } from '@playwright/test'
import { seedInboxes } from '../bench/seed'
import type { ServeProcess } from '../test/support/serve-process'
import { InboxListPage } from './pages/inbox'
import { seededServe } from './seeded-serve'

const test = base.extend<{ serve: ServeProcess }>({
  serve: seededServe('many', (store) => {
    // 10,000 jobs (each with its empty inbox) written through the store, as inbox-scale does: about a
    // second, where 10,000 create_job calls took most of a minute on a loaded machine.
    seedInboxes(store, { inboxes: 10_000, messagesPerInbox: 0 })
  })
})

test('10,000 inboxes: the list renders, scrolls to the end, and keeps the DOM row count bounded', async ({ page, serve }) => {
  test.setTimeout(240_000)
  const renamed = await fetch(`${serve.url}/v2/update_smart_inbox_name`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${serve.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ inbox_name: 'job_inbox::jobid_seed_0::false', custom_name: 'The very first job' })
  })
  expect(renamed.status).toBe(200)
  // The newest activity first: the renamed first job (created first) stays last (renaming is not activity).
  const list = new InboxListPage(page)
  const started = Date.now()
  await page.goto(serve.uiUrl)
  await expect(list.rows().first()).toBeVisible()
  const firstRowMs = Date.now() - started
  await expect(page.getByText('10,000 inboxes')).toBeVisible()
  const inDom = await list.rows().count()
  expect(inDom).toBeGreaterThan(5)
  expect(inDom).toBeLessThan(100)

  const scroller = page.getByTestId('inbox-scroll')
  for (let i = 0; i < 3; i++) {
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
    await page.waitForTimeout(100)
  }
  // Rows not loaded yet are placeholders; pages load one after another until the end is reached.
  await expect(page.getByRole('link', { name: /^The very first job/ })).toBeVisible({ timeout: 120_000 })
  expect(await list.rows().count()).toBeLessThan(100)

  // Keyboard: Ctrl+K to the search box, into the list, then to its far end.
  await page.getByRole('link', { name: 'Providers' }).click()
  await page.keyboard.press('Control+k')
  await expect(page.getByLabel('Search inboxes')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(list.rows().first()).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.locator('[data-index="1"] a')).toBeFocused()
  await page.keyboard.press('End')
  await expect(page.getByRole('link', { name: /^The very first job/ })).toBeFocused()
  await page.keyboard.press('Home')
  await expect(page.locator('[data-index="0"] a')).toBeFocused()

  await page.getByLabel('Search inboxes').fill('very first')
  await expect(list.rows()).toHaveCount(1)
  await expect(page.getByText('1 of 10,000 inboxes')).toBeVisible()
  test.info().annotations.push({ type: 'first row', description: `${firstRowMs} ms from navigation, ${inDom} rows in the DOM` })
})
