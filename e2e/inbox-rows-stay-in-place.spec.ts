import type { Page } from '@playwright/test'
import { expect, test, type HeadlessNode } from './fixtures/node'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/**
 * `n` conversations of one message each with gpt, seeded one at a time so each is newer than the last and named
 * "Conv 0000" on in that order (the newest first in the list); the app opened in a 1280 x 800 window.
 */
async function seedOpened(page: Page, node: HeadlessNode, n: number) {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', n, 1)
  for (let b = 0; b < ids.length; b += 16)
    await Promise.all(ids.slice(b, b + 16).map((id, j) => nameJobInbox(node, id, `Conv ${String(b + j).padStart(4, '0')}`)))
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(node.uiUrl)
  return ids
}

/*
 * The list scrolled down, the pointer over a row. Another client removes, hides or writes to conversations
 * above it, or creates new ones: the rows on screen shifted by as many rows, so the pointer was over another
 * conversation (and a click opened it). They stay in place now; the list's scrollbar moves instead.
 */
test('changes from elsewhere above the rows on screen do not move the row under the pointer', async ({ page, node }) => {
  test.setTimeout(120_000)
  const ids = await seedOpened(page, node, 200)
  const rows = page.getByTestId('inbox-row')
  await expect(rows.first()).toBeVisible()
  const scroller = page.getByTestId('inbox-scroll')
  const rowHeight = (await rows.first().boundingBox())!.height
  await scroller.evaluate((el, top) => el.scrollTo({ top }), Math.round(rowHeight * 60))
  const point = { x: 600, y: 420 }
  const underPointer = () =>
    page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid=inbox-row]')?.textContent ?? '', point)
  await expect.poll(underPointer).toMatch(/^Conv \d{4}/)
  await page.mouse.move(point.x, point.y)
  const name = (await underPointer()).slice(0, 9)
  const stays = async () => {
    // The list patched from the events, and read again a moment later: the row is still there at both.
    await page.waitForTimeout(1_200)
    expect((await underPointer()).slice(0, 9)).toBe(name)
  }

  await node.api('POST', '/v2/remove_jobs', { job_ids: [ids[199], ids[198], ids[197]] })
  await expect(page.getByText(/^197 inboxes/)).toBeVisible()
  await stays()
  await node.api('POST', '/v2/update_job_hidden', { job_id: ids[190], is_hidden: true })
  await expect(page.getByText(/^196 inboxes/)).toBeVisible()
  await stays()
  // Written to far below: it comes to the top.
  await node.api('POST', '/v2/job_message', { job_id: ids[3], content: 'A question from a script' })
  await stays()
  await seedJobs(node, 'gpt', 2, 1)
  await expect(page.getByText(/^198 inboxes/)).toBeVisible()
  await stays()

  // At the top of the list, what comes first comes into view.
  await scroller.evaluate((el) => el.scrollTo({ top: 0 }))
  await seedJobs(node, 'gpt', 1, 1)
  await expect(rows.first()).toContainText('New job with gpt')
  await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBe(0)
})

test('the conversation list beside a conversation: removals elsewhere above its rows on screen do not move the row under the pointer', async ({
  page,
  node
}) => {
  test.setTimeout(120_000)
  const ids = await seedOpened(page, node, 120)
  await page.getByTestId('inbox-row').filter({ hasText: 'Conv 0119' }).click()
  await expect(page.getByTestId('inbox-title')).toHaveText('Conv 0119')
  const nav = page.getByRole('navigation', { name: /Conversations/ })
  const first = nav.getByRole('link').first()
  await expect(first).toBeVisible()
  const box = (await first.boundingBox())!
  const point = { x: box.x + 40, y: 420 }
  await first.evaluate((a) => {
    let el: HTMLElement | null = a.parentElement
    while (el && getComputedStyle(el).overflowY !== 'auto') el = el.parentElement
    el!.scrollTo({ top: 1500 })
  })
  const underPointer = () =>
    page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent?.slice(0, 9) ?? '', point)
  await expect.poll(underPointer).toMatch(/^Conv \d{4}/)
  await page.mouse.move(point.x, point.y)
  const name = await underPointer()
  await node.api('POST', '/v2/remove_jobs', { job_ids: [ids[118], ids[117], ids[116]] })
  await expect(nav.getByRole('link', { name: /^Conv 0118/ })).toHaveCount(0)
  await page.waitForTimeout(1_000)
  expect(await underPointer()).toBe(name)
})

test('scrolled to the end of the list, removals elsewhere above the rows on screen do not move the row under the pointer', async ({
  page,
  node
}) => {
  test.setTimeout(120_000)
  const ids = await seedOpened(page, node, 60)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  // At the list's end the browser pulls the scroll back as the list gets shorter: the rows were moved twice.
  await page.getByTestId('inbox-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
  const point = { x: 600, y: 420 }
  const underPointer = () =>
    page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid=inbox-row]')?.textContent?.slice(0, 9) ?? '', point)
  await expect.poll(underPointer).toMatch(/^Conv \d{4}/)
  await page.mouse.move(point.x, point.y)
  const name = await underPointer()
  await node.api('POST', '/v2/remove_jobs', { job_ids: [ids[59], ids[58], ids[57]] })
  await expect(page.getByText(/^57 inboxes/)).toBeVisible()
  await page.waitForTimeout(1_200)
  expect(await underPointer()).toBe(name)
})

/*
 * Scrolled down a search's results, another search typed: the results before stay shown while the next are
 * asked for, then the new results came and rows the two have in common (at other places in each) were "kept in
 * place": the new results were shown scrolled by as many rows, the scroll taken from where the operator had it.
 */
test('another search typed, scrolled down the results: its results are not scrolled to keep rows of the search before', async ({
  page,
  node
}) => {
  test.setTimeout(120_000)
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  // "beta" finds the 120 older ones; "alpha" the 30 newer (shorter names: first), then 70 of the older.
  const ids = await seedJobs(node, 'gpt', 150, 4)
  for (let b = 0; b < ids.length; b += 16)
    await Promise.all(
      ids
        .slice(b, b + 16)
        .map((id, j) => nameJobInbox(node, id, `Conv ${String(b + j).padStart(4, '0')} alpha${b + j < 120 ? ' beta' : ''}`))
    )
  const named = async (q: string) =>
    (await node.api<{ inbox: { custom_name: string } }[]>('GET', `/v2/search_inboxes?q=${q}&limit=100`)).body.map((h) =>
      h.inbox.custom_name.slice(0, 9)
    )
  const [alpha, beta] = [await named('alpha'), await named('beta')]
  // Rows the two have in common at places 30 apart: what the list took for rows moved by 30.
  expect(alpha.slice(30, 60)).toEqual(beta.slice(0, 30))
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(node.uiUrl)
  const rows = page.getByTestId('inbox-row')
  await expect(rows.first()).toBeVisible()
  await page.keyboard.press('Control+k')
  await page.keyboard.type('alpha')
  await expect(page.getByTestId('inbox-count')).toContainText('100')
  await expect(rows.first()).toContainText(alpha[0]!)
  const scroller = page.getByTestId('inbox-scroll')
  const rowHeight = (await rows.first().boundingBox())!.height
  await scroller.evaluate((el, top) => el.scrollTo({ top }), Math.round(rowHeight * 50))
  const point = { x: 600, y: 420 }
  const underPointer = () =>
    page.evaluate(({ x, y }) => {
      const row = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-index]')
      return row ? `${row.dataset.index} ${row.textContent?.slice(0, 9)}` : ''
    }, point)
  await expect.poll(underPointer).toMatch(/^\d+ Conv \d{4}/)
  const index = Number((await underPointer()).split(' ')[0])
  expect(`${index} ${alpha[index]}`).toBe(await underPointer())
  const top = await scroller.evaluate((el) => el.scrollTop)

  await page.keyboard.press('Control+k')
  await page.keyboard.press('Control+a')
  await page.keyboard.type('beta')
  // The new results from where the list was: the same place shows the new search's row there.
  await expect.poll(underPointer, { timeout: 10_000 }).toBe(`${index} ${beta[index]}`)
  await page.waitForTimeout(500)
  expect(await underPointer()).toBe(`${index} ${beta[index]}`)
  expect(await scroller.evaluate((el) => el.scrollTop)).toBe(top)
})

/*
 * A conversation opened from a search's results, then the address changed to another search (Back, Forward, an
 * address opened): the list beside it was made anew while the results before stood in, scrolled to the open
 * conversation's row among them, then kept their rows in place when the new results came: the open conversation
 * far out of view, the list showing rows that only the two searches had in common.
 */
test('the conversation list beside a conversation, another search followed: its results start at the open conversation', async ({
  page,
  node
}) => {
  test.setTimeout(120_000)
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  // "alpha": 30 "… alpha", 40 "… alpha beta" (longer names after), then the open one by its message. "beta": 10
  // "… beta" and the open one (as short), then the 40 "… alpha beta", 19 rows up from their places in "alpha".
  const ids = await seedJobs(node, 'gpt', 81, 4)
  const names = ids.map((_, i) => `Conv ${String(i).padStart(4, '0')} ${i < 40 ? 'alpha beta' : i < 70 ? 'alpha' : 'beta'}`)
  for (let b = 0; b < 80; b += 16)
    await Promise.all(ids.slice(b, Math.min(b + 16, 80)).map((id, j) => nameJobInbox(node, id, names[b + j]!)))
  const open = ids[80]!
  expect((await node.api('POST', '/v2/job_message', { job_id: open, content: 'The alpha question' })).status).toBe(200)
  await nameJobInbox(node, open, 'Conv open beta')
  const at = async (q: string) =>
    (await node.api<{ inbox: { custom_name: string } }[]>('GET', `/v2/search_inboxes?q=${q}&limit=100`)).body.findIndex(
      (h) => h.inbox.custom_name === 'Conv open beta'
    )
  expect(await at('alpha')).toBe(70)
  expect(await at('beta')).toBeLessThan(11)

  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(node.uiUrl)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  await page.getByLabel('Search inboxes').fill('alpha')
  await expect(page.getByTestId('inbox-count')).toContainText('71')
  await page.getByTestId('inbox-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
  await page.getByTestId('inbox-row').filter({ hasText: 'Conv open beta' }).click()
  await expect(page.getByTestId('inbox-title')).toHaveText('Conv open beta')
  const nav = page.getByTestId('conversation-list').getByRole('navigation', { name: 'Conversations' })
  const openRow = nav.getByRole('link', { name: /^Conv open beta/ })
  await expect(openRow).toHaveAttribute('aria-current', 'page')
  await expect(openRow).toBeInViewport()

  expect(page.url()).toContain('q=alpha')
  const answered = page.waitForResponse((r) => r.url().includes('search_inboxes') && r.url().includes('q=beta'))
  await page.evaluate(() => (location.hash = location.hash.replace('q=alpha', 'q=beta')))
  await expect(page.getByTestId('conversation-search')).toContainText('Results for “beta”')
  await answered
  await page.waitForTimeout(500)
  await expect(openRow).toBeInViewport()
  await expect(openRow).toHaveAttribute('aria-current', 'page')
})
