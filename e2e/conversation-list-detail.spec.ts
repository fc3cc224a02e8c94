import type { Page } from '@playwright/test'
import { expect, test, type HeadlessNode } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/**
 * `count` conversations named Topic 0, Topic 1…, the first open with the conversation list beside it;
 * `noNewPage` checks, after the clicks, that none of them opened a tab or window.
 */
async function topicsOpen(page: Page, node: HeadlessNode, count: number) {
  await page.setViewportSize({ width: 1280, height: 800 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', count, 1)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Topic ${i}`)
  await page.goto(node.uiUrl)
  await showJobInbox(page, ids[0]!)
  const opened: string[] = []
  page.context().on('page', (p) => opened.push(p.url()))
  const list = page.getByRole('navigation', { name: 'Conversations' })
  await expect(list.getByRole('link')).toHaveCount(count)
  const noNewPage = async () => {
    await page.waitForTimeout(300)
    expect(opened).toEqual([])
    expect(page.context().pages()).toHaveLength(1)
  }
  return { list, noNewPage }
}

/*
 * Conversations are named after their first message: three begun alike had identical rows in the
 * conversation list beside an open one. Each row says, on a second line, when the conversation last
 * changed and its last message, as the inbox list does.
 */
test('conversations named alike are told apart in the conversation list by their last message and its time', async ({ page, node }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 3, 1)
  const answers = ['Book the venue by Friday', 'The invoice is due in 30 days', 'Hiring starts in May']
  for (const [i, id] of ids.entries()) {
    await nameJobInbox(node, id, 'Hello there, tell me something')
    node.fake.behaviour = { type: 'reply', chunks: [answers[i]!] }
    await node.api('POST', '/v2/job_message', { job_id: id, content: 'Hello there, tell me something' })
    await expect
      .poll(async () => (await node.api<unknown[]>('POST', '/v2/last_messages', { inbox_name: `job_inbox::${id}::false` })).body.length)
      .toBe(2)
  }
  await page.goto(node.uiUrl)
  await showJobInbox(page, ids[0]!)
  const list = page.getByRole('navigation', { name: 'Conversations' })
  const links = list.getByRole('link')
  const row = (i: number) => list.locator('[data-index]').nth(i)
  await expect(links).toHaveCount(3)
  // Newest first: each row names its conversation, then when it last changed and its last message.
  for (const [i, answer] of [...answers].reverse().entries()) {
    // Named by the name alone (its only text), described by the second line drawn in its lower half.
    await expect(links.nth(i)).toHaveAccessibleName('Hello there, tell me something')
    await expect(links.nth(i)).toHaveAccessibleDescription(`now · ${answer}`)
    await expect(row(i).getByTestId('conversation-detail')).toHaveText(`now · ${answer}`)
    await expect(row(i).locator('time')).toHaveAttribute('datetime', /^\d{4}-/)
  }
  // The second line is inside its row's link (a click on it opens the conversation), and the rows do not overlap.
  for (let i = 0; i < 3; i++) {
    const detail = (await row(i).getByTestId('conversation-detail').boundingBox())!
    const link = (await links.nth(i).boundingBox())!
    expect(detail.y).toBeGreaterThanOrEqual(link.y)
    expect(detail.y + detail.height).toBeLessThanOrEqual(link.y + link.height)
    if (i < 2) expect(link.y + link.height).toBeLessThanOrEqual((await links.nth(i + 1).boundingBox())!.y)
  }
})

test("a click on a row's second line opens its conversation", async ({ page, node }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 2, 1)
  await nameJobInbox(node, ids[0]!, 'Budget review')
  await nameJobInbox(node, ids[1]!, 'Hiring plan')
  await page.goto(node.uiUrl)
  await showJobInbox(page, ids[1]!)
  const list = page.getByRole('navigation', { name: 'Conversations' })
  const budget = list.locator('[data-index]').filter({ has: page.getByRole('link', { name: 'Budget review' }) })
  // Where it is drawn (it takes no clicks itself: they reach the link under it).
  const at = (await budget.getByTestId('conversation-detail').boundingBox())!
  await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2)
  await expect(page.getByTestId('inbox-title')).toHaveText('Budget review')
})

/*
 * The list beside a conversation has no selection: Ctrl/Cmd-click (or Shift-click) on a row followed its
 * link as a browser does, into a new tab or window. It opens the conversation here, as a plain click does.
 */
test('Ctrl-, Cmd- or Shift-click on a row of the conversation list opens that conversation in place, no new tab or window', async ({
  page,
  node
}) => {
  const { list, noNewPage } = await topicsOpen(page, node, 4)
  for (const [i, modifier] of [
    [1, 'Control'],
    [2, 'Meta'],
    [3, 'Shift']
  ] as const) {
    await list.getByRole('link', { name: `Topic ${i}` }).click({ modifiers: [modifier] })
    await expect(page.getByTestId('inbox-title')).toHaveText(`Topic ${i}`)
    await expect(list.getByRole('link', { name: `Topic ${i}` })).toHaveAttribute('aria-current', 'page')
  }
  await noNewPage()
})

/*
 * A middle-click on a row opened a new browser tab (in Electron, where new windows are denied, nothing
 * happened): it opens the conversation in place, as Ctrl-click here does.
 */
test('a middle-click on a row of the conversation list opens that conversation in place, no new tab', async ({ page, node }) => {
  const { list, noNewPage } = await topicsOpen(page, node, 3)
  for (const i of [1, 2]) {
    await list.getByRole('link', { name: `Topic ${i}` }).click({ button: 'middle' })
    await expect(page.getByTestId('inbox-title')).toHaveText(`Topic ${i}`)
    await expect(list.getByRole('link', { name: `Topic ${i}` })).toHaveAttribute('aria-current', 'page')
  }
  await noNewPage()
})

/*
 * The operator's own message moves the open conversation's row to the top of the list beside it: with the
 * list scrolled down (the conversation was opened from far down), the row left the view. The list follows
 * it; a row moved by another client's message does not scroll the list.
 */
test('the open conversation stays in view in the conversation list after the operator sends in it; other clients’ messages do not scroll it', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', 30, 1)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Topic ${i}`)
  node.fake.behaviour = { type: 'reply', chunks: ['Noted.'] }
  await page.goto(node.uiUrl)
  // The oldest: the list's last row.
  await showJobInbox(page, ids[0]!)
  const list = page.getByRole('navigation', { name: 'Conversations' })
  const scroller = page.getByTestId('conversation-list').locator('div:has(> nav)')
  const link = (i: number) => list.getByRole('link', { name: `Topic ${i}`, exact: true })
  const placeOf = (i: number) => link(i).locator('xpath=..').getAttribute('data-index')
  await expect(link(0)).toBeInViewport()
  expect(await placeOf(0)).toBe('29')

  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Where are we?')
  await page.keyboard.press('Enter')
  await expect.poll(() => placeOf(0)).toBe('0')
  await expect(link(0)).toBeInViewport()

  // Scrolled to the end, another client writes in a conversation there: its row goes to the top, the list stays.
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
  await expect(link(1)).toBeInViewport()
  const top = await scroller.evaluate((el) => el.scrollTop)
  await node.api('POST', '/v2/job_message', { job_id: ids[1], content: 'From a script' })
  // Its row left the end for the top (out of view: not drawn); the one before it took its place.
  await expect(list.locator('[data-index="29"]')).toContainText('Topic 2')
  await page.waitForTimeout(300)
  expect(await scroller.evaluate((el) => el.scrollTop)).toBe(top)
  await expect(link(1)).not.toBeInViewport()
})
