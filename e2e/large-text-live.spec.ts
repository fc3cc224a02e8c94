import type { Locator, Page } from '@playwright/test'
import { expect, test, type HeadlessNode } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * Large text (WCAG 1.4.4) chosen with a list open: the inbox list, the conversation list beside a conversation and
 * the Files tree take their rows' new height at once. Their row heights (in px, for the virtualizer) were read
 * once as the list mounted: the text size raised from 16 to 32 px with a list open, its rows kept their 16 px
 * height, each row's second line drawn over the next row, until the operator left the page and came back.
 */

async function seed(node: HeadlessNode) {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', 3)
  await Promise.all(ids.map((id, i) => nameJobInbox(node, id, `Lease questions ${i}`)))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Contracts' })
  expect((await node.upload('/', 'Lease agreement.txt', 'The lease runs for two years.')).status).toBe(200)
  return ids
}

async function textSize(page: Page, px: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.enable')
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: px } })
}

/**
 * The virtual rows holding `inner` (each row the nearest element placed by translateY): those with something
 * drawn past their box, or overlapping the next row; else how many rows there are.
 */
const overruns = (page: Page, inner: string) =>
  page.evaluate((inner) => {
    const rows = [...new Set([...document.querySelectorAll(inner)].map((el) => el.closest<HTMLElement>('[style*="translateY"]')!))]
    const bad: string[] = []
    rows.forEach((row, i) => {
      const box = row.getBoundingClientRect()
      for (const el of row.querySelectorAll<HTMLElement>('*')) {
        const r = el.getBoundingClientRect()
        if (r.height === 0 || r.width === 0 || getComputedStyle(el).visibility === 'hidden') continue
        if (r.bottom > box.bottom + 1) bad.push(`row ${i}: ${el.tagName} ends at ${r.bottom}, past the row's ${box.bottom}`)
      }
      const next = rows[i + 1]?.getBoundingClientRect()
      if (next && Math.abs(next.top - box.bottom) > 1 && next.top < box.bottom)
        bad.push(`row ${i + 1} starts at ${next.top}, above row ${i}'s end ${box.bottom}`)
    })
    return bad.length ? bad : rows.length
  }, inner)

test('the text size raised to 32 px with the inbox list open: its rows grow at once and keep their lines in the row', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await seed(node)
  await page.goto(node.uiUrl)
  await expect(page.getByTestId('inbox-row')).toHaveCount(3)
  expect(await overruns(page, '[data-testid=inbox-row]')).toBe(3)
  await textSize(page, 32)
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px')
  await expect.poll(() => overruns(page, '[data-testid=inbox-row]')).toBe(3)
})

test('the text size raised to 32 px with a conversation and its list open: the list’s rows grow at once', async ({ page, node }) => {
  // Wide enough for the list to stay beside the conversation at 32 px (from 75em, 2400 px; below, a drawer drawn anew).
  await page.setViewportSize({ width: 2600, height: 1000 })
  const ids = await seed(node)
  await page.goto(node.uiUrl)
  await showJobInbox(page, ids[0]!)
  await expect(page.getByTestId('conversation-detail')).toHaveCount(3)
  expect(await overruns(page, '[data-row-key]')).toBe(3)
  await textSize(page, 32)
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px')
  await expect(page.getByRole('button', { name: 'Conversations', exact: true })).toBeHidden()
  await expect.poll(() => overruns(page, '[data-row-key]')).toBe(3)
})

test('the text size raised to 32 px with the Files tree open: its rows grow at once', async ({ page, node }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await seed(node)
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/files'))
  await expect(page.getByRole('treeitem')).toHaveCount(2)
  expect(await overruns(page, '[role=tree][aria-label="Folders and files"] [role=treeitem]')).toBe(2)
  await textSize(page, 32)
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px')
  await expect.poll(() => overruns(page, '[role=tree][aria-label="Folders and files"] [role=treeitem]')).toBe(2)
})

/*
 * The text size raised with a list scrolled down: the rows grew, the list stayed at the same offset in pixels, and
 * the rows in view were those at about half their index (row 30 where row 60 was). The row first in view stays so.
 */

/** The row at the top of the scrolled list `scroller` (its index and name), and how much of it is above the top. */
const firstInView = (scroller: Locator) =>
  scroller.evaluate((el) => {
    const top = el.getBoundingClientRect().top
    const row = [...el.querySelectorAll<HTMLElement>('[data-index]')].find((r) => {
      const box = r.getBoundingClientRect()
      return box.top <= top + 0.5 && box.bottom > top + 0.5
    })
    if (!row) return ''
    const box = row.getBoundingClientRect()
    return `${row.dataset.index} ${row.textContent?.match(/Conv \d{4}/)?.[0]} ${Math.round(((top - box.top) / box.height) * 10) / 10}`
  })

/** The list `scroller` scrolled to `top` (px), once `row` (its row, text and place) is first in view: what firstInView reads. */
async function scrolledTo(scroller: Locator, top: number, row: RegExp): Promise<string> {
  await scroller.evaluate((el, top) => el.scrollTo({ top }), top)
  await expect.poll(() => firstInView(scroller)).toMatch(row)
  return firstInView(scroller)
}

/**
 * The text size raised to 32 px: `row` (a row of the list, `rowHeight` high at 16 px) takes its new height, and the
 * row first in view of `scroller` is still `first`, and stays so.
 */
async function raisedKeeps(page: Page, scroller: Locator, row: Locator, rowHeight: number, first: string) {
  await textSize(page, 32)
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px')
  await expect.poll(() => row.evaluate((r) => r.getBoundingClientRect().height)).toBeGreaterThan(rowHeight * 1.5)
  await expect.poll(() => firstInView(scroller)).toBe(first)
  await page.waitForTimeout(500)
  expect(await firstInView(scroller)).toBe(first)
}

async function seedNamed(node: HeadlessNode, n: number) {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', n, 4)
  for (let b = 0; b < ids.length; b += 16)
    await Promise.all(ids.slice(b, b + 16).map((id, j) => nameJobInbox(node, id, `Conv ${String(b + j).padStart(4, '0')}`)))
  return ids
}

test('the text size raised to 32 px with the inbox list scrolled down: the row first in view stays first in view', async ({
  page,
  node
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await seedNamed(node, 200)
  await page.goto(node.uiUrl)
  const rows = page.getByTestId('inbox-row')
  await expect(rows.first()).toBeVisible()
  const scroller = page.getByTestId('inbox-scroll')
  const rowHeight = (await scroller.locator('[data-index]').first().boundingBox())!.height
  // Row 60 in view from a fifth of it down.
  const first = await scrolledTo(scroller, Math.round(rowHeight * 60.2), /^60 Conv \d{4} 0.2$/)
  await raisedKeeps(page, scroller, rows.first(), rowHeight, first)
})

test('the text size raised to 32 px with the conversation list beside a conversation scrolled down: the row first in view stays first in view', async ({
  page,
  node
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 2600, height: 1000 })
  const ids = await seedNamed(node, 120)
  await page.goto(node.uiUrl)
  await showJobInbox(page, ids[119]!)
  const nav = page.getByRole('navigation', { name: /Conversations/ })
  const link = nav.getByRole('link').first()
  await expect(link).toBeVisible()
  const rowHeight = (await link.boundingBox())!.height
  const scroller = nav.locator('[data-index]').first().locator('xpath=ancestor::div[contains(@style, "overflow: auto")][1]')
  const first = await scrolledTo(scroller, Math.round(rowHeight * 40.2), /^40 Conv \d{4} 0.2$/)
  await raisedKeeps(page, scroller, link, rowHeight, first)
  // The list still beside the conversation, not moved into a drawer.
  await expect(page.getByRole('button', { name: 'Conversations', exact: true })).toBeHidden()
})

test('the text size raised to 32 px with the inbox list scrolled to its end: the row first in view stays first in view', async ({
  page,
  node
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await seedNamed(node, 200)
  await page.goto(node.uiUrl)
  const rows = page.getByTestId('inbox-row')
  await expect(rows.first()).toBeVisible()
  const scroller = page.getByTestId('inbox-scroll')
  const rowHeight = (await scroller.locator('[data-index]').first().boundingBox())!.height
  // Past the end of the list as long as it was: its new height comes a moment after the rows' new height.
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
  await expect(page.getByText('Conv 0000')).toBeVisible()
  const first = await firstInView(scroller)
  expect(first).toMatch(/^1[89]\d Conv \d{4} /)
  await raisedKeeps(page, scroller, rows.first(), rowHeight, first)
  // And back: the list scrolls on as the operator scrolls it (nothing holds it at the place kept).
  await textSize(page, 16)
  await expect.poll(() => firstInView(scroller)).toBe(first)
  await scroller.evaluate((el) => el.scrollBy({ top: -1000 }))
  await expect.poll(() => firstInView(scroller)).not.toBe(first)
})
