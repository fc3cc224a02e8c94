import { expect, test } from './fixtures/node'
import { InboxListPage } from './pages/inbox'
import { emptyScope, nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * On a row far down the list, the operator switches "Show hidden" on with the keyboard and Tabs back into
 * the list. The new list is shown from its top; its Tab stop stayed at the old row's place, where the
 * new list has another inbox (the hidden ones shown above moved every row down): Tab focused, and
 * scrolled the list to, an inbox the operator had never been on, and Enter opened it.
 */
test('Show hidden switched from a row far down: Tab goes back into the list on its first row, not on another inbox at the old place', async ({
  page,
  node
}) => {
  test.setTimeout(120_000)
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await seedJobs(node, 'gpt', 200)
  // The newest, hidden: shown first once hidden inboxes are shown, every other row one place further down.
  const res = await node.api<{ job_id: string }>('POST', '/v2/create_job', {
    llm_provider: 'gpt',
    job_creation_info: { scope: emptyScope, is_hidden: true }
  })
  expect(res.status).toBe(200)
  await nameJobInbox(node, res.body.job_id, 'The hidden job')

  const list = new InboxListPage(page)
  await page.goto(node.uiUrl)
  await expect(list.rows().first()).toBeVisible()
  await page.keyboard.press('Control+k')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('End')
  await expect(page.locator('[data-index="199"] a')).toBeFocused()

  // To the switch as a keyboard user goes: back up to it, Space.
  const showHidden = page.getByRole('switch', { name: 'Show hidden' })
  await showHidden.focus()
  await page.keyboard.press('Space')
  await expect(showHidden).toBeChecked()
  await expect(page.getByRole('link', { name: /^The hidden job/ })).toBeVisible()

  // The list is shown from its top: Tab enters it on its first row (the row the operator was on is not
  // read yet, 200 rows down, and the place it had holds another inbox now).
  await page.keyboard.press('Tab')
  await expect(page.locator('[data-index="0"] a')).toBeFocused()
  await expect(page.getByRole('link', { name: /^The hidden job/ })).toBeFocused()
})
