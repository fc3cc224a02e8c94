import type { Page } from '@playwright/test'
import { expect, test, type HeadlessNode } from './fixtures/node'
import { providerBody } from './seed'

/*
 * Large text (WCAG 1.4.4) and a reader's text spacing (WCAG 1.4.12) in the two library trees, the Files page's
 * tree and New job's library picker. Their rows had heights fixed in pixels (34 and 28, for the virtualizer)
 * while their text is in rem: with Chromium's text size at 32 px a row's name, its size and its controls ran
 * past the row, over the next row's.
 */

const SPACING =
  '*{line-height:1.5 !important;letter-spacing:0.12em !important;word-spacing:0.16em !important}p{margin-bottom:2em !important}'

async function seed(node: HeadlessNode) {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Contracts' })
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Letters' })
  expect((await node.upload('/', 'Lease agreement.txt', 'The lease runs for two years.')).status).toBe(200)
  expect((await node.upload('/', 'Notes.txt', 'Some notes on the lease.')).status).toBe(200)
}

async function largeText(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.enable')
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32 } })
}

/** Rows (tree items of the tree `tree`) with something drawn past their box, or overlapping the next row. */
const overruns = (page: Page, tree: string) =>
  page.evaluate((tree) => {
    const bad: string[] = []
    const rows = [...document.querySelectorAll<HTMLElement>(`${tree} [role=treeitem]`)]
    rows.forEach((row, i) => {
      const box = row.getBoundingClientRect()
      const name = row.getAttribute('aria-label') ?? row.textContent
      for (const el of row.querySelectorAll<HTMLElement>('*')) {
        const r = el.getBoundingClientRect()
        if (r.height === 0 || r.width === 0) continue
        if (r.bottom > box.bottom + 1 || r.top < box.top - 1)
          bad.push(`${name}: ${el.tagName} ${r.top}..${r.bottom} outside the row's ${box.top}..${box.bottom}`)
      }
      const next = rows[i + 1]?.getBoundingClientRect()
      if (next && next.top < box.bottom - 1) bad.push(`${name}: the next row starts at ${next.top}, above its end ${box.bottom}`)
    })
    return bad.length ? bad : rows.length
  }, tree)

for (const setting of ['32 px text', 'text spacing'] as const) {
  test(`with ${setting} the Files tree's rows hold their names, sizes and menus`, async ({ page, node }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    if (setting === '32 px text') await largeText(page)
    await seed(node)
    await page.goto(node.uiUrl)
    await page.evaluate(() => (location.hash = '#/files'))
    await expect(page.getByRole('treeitem')).toHaveCount(4)
    if (setting === 'text spacing') await page.addStyleTag({ content: SPACING })
    expect(await overruns(page, '[role=tree][aria-label="Folders and files"]')).toBe(4)
    if (setting === '32 px text') {
      // The row's "…" grows with its button and the text (16 px at the usual size).
      const dots = page.getByRole('button', { name: 'Actions for Notes.txt' }).locator('svg')
      expect((await dots.boundingBox())!.width).toBe(32)
    }
  })

  test(`with ${setting} New job's library picker's rows hold their boxes and names`, async ({ page, node }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    if (setting === '32 px text') await largeText(page)
    await seed(node)
    await page.goto(node.uiUrl)
    await page.evaluate(() => (location.hash = '#/jobs/new'))
    const rows = page.getByTestId('library-row')
    await expect(rows).toHaveCount(4)
    if (setting === 'text spacing') await page.addStyleTag({ content: SPACING })
    expect(await overruns(page, '[role=tree][aria-label="Library"]')).toBe(4)
  })
}
