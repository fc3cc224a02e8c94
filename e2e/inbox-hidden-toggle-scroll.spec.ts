import { expect, test } from './fixtures/node'
import { InboxListPage } from './pages/inbox'
import { emptyScope, providerBody, seedJobs } from './seed'

/*
 * Turning "Show hidden" off (or on) shows another list: it kept the scroll position of the one before,
 * somewhere in its middle, its first row cut in half. The new list is shown from its top.
 */
test('Show hidden switched after scrolling down: the new list is shown from its top, its first row whole', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await seedJobs(node, 'gpt', 30)
  for (let i = 0; i < 30; i++) {
    const res = await node.api('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope: emptyScope, is_hidden: true } })
    expect(res.status).toBe(200)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(node.uiUrl)
  const list = new InboxListPage(page)
  const scroller = page.getByTestId('inbox-scroll')
  const showHidden = page.getByRole('switch', { name: 'Show hidden' })
  await expect(list.rows().first()).toBeVisible()

  for (const [from, to] of [
    [false, true],
    [true, false]
  ] as const) {
    await expect(showHidden).toBeChecked({ checked: from })
    // Down the list, between two rows (as ticking the bottom rows leaves it).
    await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight / 3 + 17))
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(100)
    await showHidden.click()
    await expect(showHidden).toBeChecked({ checked: to })
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBe(0)
    // Whole: the first row's top is not above the list's.
    const top = (await scroller.boundingBox())!.y
    await expect.poll(async () => (await list.rows().first().boundingBox())!.y).toBeGreaterThanOrEqual(top)
  }
})
