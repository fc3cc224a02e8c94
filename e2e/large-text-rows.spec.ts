import type { Page } from '@playwright/test'
import { expect, test, type HeadlessNode } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * Large text (WCAG 1.4.4) and a reader's text spacing (WCAG 1.4.12): the rows of the inbox list and of the
 * conversation list keep their two lines apart and inside the row. Their heights were set in pixels (52 and
 * 68, for the virtualizer): with Chromium's text size at 32 px the line under a conversation's name was drawn
 * over the name and an inbox's second line over the next row; with 2em after each paragraph the line under a
 * conversation's name (a paragraph) was lifted onto the name.
 */

const SPACING =
  '*{line-height:1.5 !important;letter-spacing:0.12em !important;word-spacing:0.16em !important}p{margin-bottom:2em !important}'

async function seed(node: HeadlessNode) {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', 3)
  await Promise.all(ids.map((id, i) => nameJobInbox(node, id, `Lease questions ${i}`)))
  return ids
}

/** Rows (by `row`) whose first and second lines overlap, or that run past their row's box or into the next row. */
const overlaps = (page: Page, row: string, first: string, second: string) =>
  page.evaluate(
    ([row, first, second]) => {
      const bad: string[] = []
      const rows = [...document.querySelectorAll<HTMLElement>(row)].map((r) => r.getBoundingClientRect())
      document.querySelectorAll<HTMLElement>(row).forEach((r, i) => {
        const box = rows[i]!
        const a = r.querySelector(first)!.getBoundingClientRect()
        const b = r.querySelector(second)!.getBoundingClientRect()
        if (a.bottom > b.top + 1) bad.push(`row ${i}: first line ends at ${a.bottom}, second starts at ${b.top}`)
        if (b.bottom > box.bottom + 1) bad.push(`row ${i}: second line ends at ${b.bottom}, past the row's ${box.bottom}`)
      })
      return bad
    },
    [row, first, second] as const
  )

test("with Chromium's text size at 32 px the inbox list's and the conversation list's rows keep their lines apart and in the row", async ({
  page,
  node
}) => {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.enable')
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32 } })
  const ids = await seed(node)
  await page.goto(node.uiUrl)
  await expect(page.getByTestId('inbox-row')).toHaveCount(3)
  // The inbox list: the name's line, then the provider's and the preview's, inside the row's link.
  expect(await overlaps(page, '[data-testid=inbox-row]', '[data-testid=inbox-name]', '[data-testid=inbox-preview]')).toEqual([])
  await showJobInbox(page, ids[0]!)
  await page.getByRole('button', { name: 'Conversations', exact: true }).click()
  const list = page.getByRole('dialog', { name: 'Conversations' })
  await expect(list.getByTestId('conversation-detail')).toHaveCount(3)
  expect(await overlaps(page, '[role=dialog] [data-row-key]', 'a p', '[data-testid=conversation-detail]')).toEqual([])
})

test('with a reader’s text spacing the conversation list beside a conversation keeps each row’s two lines apart', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const ids = await seed(node)
  await page.goto(node.uiUrl)
  await showJobInbox(page, ids[0]!)
  await page.addStyleTag({ content: SPACING })
  const details = page.getByTestId('conversation-detail')
  await expect(details).toHaveCount(3)
  expect(await overlaps(page, '[data-row-key]', 'a p', '[data-testid=conversation-detail]')).toEqual([])
})
