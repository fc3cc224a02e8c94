import { expect, test } from './fixtures/node'
import { InboxListPage } from './pages/inbox'
import { seedJobs, providerBody } from './seed'

test('selecting inboxes does not move the list under the pointer: a quick second click lands on the row aimed at', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', 8, 1)
  // The bar at its longest ("2 selected", Hide 1, Unhide 1, Delete 2, Clear selection) beside a long
  // count ("8 inboxes, 1 pinned"): every other inbox hidden and shown, one pinned.
  for (const [i, job_id] of ids.entries()) if (i % 2) await node.api('POST', '/v2/update_job_hidden', { job_id, is_hidden: true })
  await node.api('POST', '/v2/update_inbox_pinned', { inbox_name: `job_inbox::${ids[0]}::false`, pinned: true })
  await page.goto(node.uiUrl)
  const list = new InboxListPage(page)
  await page.getByRole('switch', { name: 'Show hidden' }).check()
  await expect(list.rows()).toHaveCount(8)
  const scroll = page.getByTestId('inbox-scroll')
  for (const width of [1280, 1024, 890, 800, 770, 700]) {
    await page.setViewportSize({ width, height: 800 })
    const boxes = page.getByRole('checkbox')
    // The navbar folds away with a transition: measure once the rows stand still.
    let last = ''
    await expect
      .poll(async () => {
        const now = JSON.stringify(await boxes.nth(2).boundingBox())
        const still = now === last
        last = now
        return still
      })
      .toBe(true)
    const top = (await scroll.boundingBox())!.y
    // Two checkboxes clicked where they were drawn before the first click.
    const second = (await boxes.nth(2).boundingBox())!
    await boxes.nth(1).click()
    await page.mouse.click(second.x + second.width / 2, second.y + second.height / 2)
    await expect(page.getByTestId('bulk-bar')).toContainText('2 selected')
    await expect(page.getByTestId('bulk-bar')).toContainText('Unhide 1')
    await expect(page.getByTestId('bulk-bar')).toContainText('Hide 1')
    expect((await scroll.boundingBox())!.y, `the list moved at ${width} px`).toBe(top)
    // The count beside the bar is whole, or not shown: cut, it read as another number ("3…" for 3,000).
    const count = page.getByTestId('inbox-count')
    const cut = await count.evaluate((el) => el.getClientRects().length > 0 && el.scrollWidth > el.clientWidth + 1)
    expect(cut, `the count was cut at ${width} px`).toBe(false)
    await expect(boxes.nth(1)).toBeChecked()
    await expect(boxes.nth(2)).toBeChecked()
    await page.getByRole('button', { name: 'Clear selection' }).click()
    await expect(page.getByTestId('bulk-bar')).toHaveCount(0)
    expect((await scroll.boundingBox())!.y).toBe(top)
  }
})
