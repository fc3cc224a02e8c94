import { expect, test } from './fixtures/node'
import { holdRequests } from './held-requests'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * A row's menu is made from code loaded once the list is shown. Shift+F10 on a row before it has come
 * (a slow first load), and the menu's keys pressed at once, went to the row: ArrowDown moved to the next
 * row, Enter opened a conversation, and the menu opened later over somewhere else. They wait for the menu.
 */
test('Shift+F10, ArrowDown and Enter on a row before its menu’s code has loaded choose the menu’s second item (Pin)', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 2, 1)
  await nameJobInbox(node, ids[0]!, 'Lease talk')
  await nameJobInbox(node, ids[1]!, 'Budget talk')
  // The menu's code comes when released (a slow first load), after the keys.
  const release = await holdRequests(page, /\/assets\/InboxRowMenu-[^/]*\.js$/)
  await page.goto(node.uiUrl)
  // By its text: pinned, its name read out starts with "Pinned".
  const row = page.getByTestId('inbox-row').filter({ hasText: 'Lease talk' })
  await row.focus()
  await page.keyboard.press('Shift+F10')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menu')).toHaveCount(0)
  release()
  const inboxId = `job_inbox::${ids[0]}::false`
  await expect
    .poll(
      async () => (await node.api<{ is_pinned: boolean }>('GET', `/v2/get_inbox?inbox_name=${encodeURIComponent(inboxId)}`)).body.is_pinned
    )
    .toBe(true)
  await expect(page.getByRole('menu')).toHaveCount(0)
  // Still on the list, the focus back on the row.
  await expect(page).not.toHaveURL(/#\/inboxes\/./)
  await expect(row).toBeFocused()
})

test('Escape pressed on a row right after Shift+F10, before its menu’s code has loaded: no menu is left open, the focus stays on the row', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const [id] = await seedJobs(node, 'gpt', 1, 1)
  await nameJobInbox(node, id!, 'Lease talk')
  const release = await holdRequests(page, /\/assets\/InboxRowMenu-[^/]*\.js$/)
  await page.goto(node.uiUrl)
  const row = page.getByRole('link', { name: /^Lease talk/ })
  await row.focus()
  await page.keyboard.press('Shift+F10')
  await page.keyboard.press('Escape')
  release()
  // The menu's code has come once its button is the menu's target (it says whether the menu is open).
  await expect(page.getByRole('button', { name: 'Actions for Lease talk' })).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(row).toBeFocused()
})
