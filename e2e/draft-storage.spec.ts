import { expect, test } from './fixtures/node'
import { openNewJobInbox, showJobInbox } from './pages/inbox'
import { seedJobs } from './seed'

/*
 * Unsent drafts are kept in the tab's sessionStorage (a reload keeps them). A conversation deleted
 * left its draft there for as long as the tab lived; and once old drafts had filled the storage,
 * the newest one was not stored at all, and a reload lost it.
 */

const storedDrafts = (page: import('@playwright/test').Page) =>
  page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('nodedesk.draft:')))

test("a deleted conversation's draft leaves the tab's storage, deleted from its menu or by a script", async ({ page, node }) => {
  await openNewJobInbox(page, node)
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  const here = decodeURIComponent(new URL(page.url()).hash.slice('#/inboxes/'.length))
  const [otherJob] = await seedJobs(node, 'gpt', 1)
  await box.fill('A question never sent')
  await showJobInbox(page, otherJob!)
  await expect(box).toHaveValue('')
  await box.fill('Another one')
  expect((await storedDrafts(page)).sort()).toEqual([`nodedesk.draft:${here}`, `nodedesk.draft:job_inbox::${otherJob}::false`].sort())

  // Removed by a script: the window hears of it through the node's event.
  expect((await node.api('POST', '/v2/remove_job', { job_id: otherJob })).status).toBe(200)
  await expect(page.getByText('This conversation was deleted')).toBeVisible()
  await expect.poll(() => storedDrafts(page)).toEqual([`nodedesk.draft:${here}`])

  // From its own menu.
  await page.evaluate((h) => (location.hash = h), `#/inboxes/${encodeURIComponent(here)}`)
  await expect(box).toHaveValue('A question never sent')
  await page.getByRole('button', { name: 'Conversation actions' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/#\/inboxes$/)
  await expect.poll(() => storedDrafts(page)).toEqual([])
})

test('with the storage filled by old drafts, the newest is still kept over a reload: the oldest make room for it', async ({
  page,
  node
}) => {
  await openNewJobInbox(page, node)
  const here = decodeURIComponent(new URL(page.url()).hash.slice('#/inboxes/'.length))
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  await expect(box).toBeVisible()
  // Old drafts of other conversations, written earlier in this tab, until Chromium's quota refuses one;
  // then the tab's other data takes what is left, to the last character. Conversations the node has: the
  // draft of one it no longer has goes when the window starts (its stream's catch-up asks).
  const others = (await seedJobs(node, 'gpt', 30)).map((job) => `job_inbox::${job}::false`)
  const old = await page.evaluate((others) => {
    const ids: string[] = []
    try {
      for (const [i, id] of others.entries()) {
        sessionStorage.setItem(`nodedesk.draft:${id}`, String(i % 10).repeat(400_000))
        ids.push(id)
      }
    } catch {
      // full
    }
    sessionStorage.setItem('nodedesk.draftOrder', JSON.stringify(ids))
    let other = 0
    for (const size of [40_000, 4_000, 400, 40, 4, 1])
      try {
        for (;;) sessionStorage.setItem(`other.${other++}`, 'x'.repeat(size))
      } catch {
        // full at this size
      }
    return ids.length
  }, others)
  expect(old, 'old drafts before the storage was full').toBeGreaterThan(2)
  expect(old, 'the storage full before every conversation had a draft').toBeLessThan(others.length)

  const newest = 'The newest question. '.repeat(15_000)
  await box.fill(newest)
  await page.reload()
  await expect(box).toBeVisible()
  // Compared here, not by toHaveValue: a failure would print the 315,000 characters twice.
  expect((await box.inputValue()) === newest, 'the newest draft after the reload').toBe(true)
  // It is the newest in the order kept with them (which did not fit before the room was made).
  expect(await page.evaluate(() => (JSON.parse(sessionStorage.getItem('nodedesk.draftOrder') ?? '[]') as string[]).at(-1))).toBe(here)
  // The ones written last stay; the first went to make room.
  const kept = await storedDrafts(page)
  expect(kept).not.toContain(`nodedesk.draft:${others[0]}`)
  expect(kept).toContain(`nodedesk.draft:${others[old - 1]}`)
})

test("a draft too large for the tab's storage even with every other draft gone leaves those drafts stored", async ({ page, node }) => {
  await openNewJobInbox(page, node)
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  await expect(box).toBeVisible()
  // Drafts of other conversations written earlier in this tab, a small part of the storage.
  await page.evaluate(() => {
    const ids = ['job_inbox::jobid_old0::false', 'job_inbox::jobid_old1::false']
    for (const id of ids) sessionStorage.setItem(`nodedesk.draft:${id}`, `A question about ${id}`)
    sessionStorage.setItem('nodedesk.draftOrder', JSON.stringify(ids))
  })
  // Pasted by mistake: 6,000,000 characters, more than Chromium lets a tab store.
  await box.fill('x'.repeat(6_000_000))
  await expect.poll(() => box.evaluate((b: HTMLTextAreaElement) => b.value.length)).toBe(6_000_000)
  // Dropping the others made no room that helped: they are still there for a reload.
  expect((await storedDrafts(page)).sort()).toEqual([
    'nodedesk.draft:job_inbox::jobid_old0::false',
    'nodedesk.draft:job_inbox::jobid_old1::false'
  ])
})
