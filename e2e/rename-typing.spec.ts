import { expect, test } from './fixtures/node'
import { holdRequests } from './held-requests'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * The dialogs' code loads after the window's first paint. Rename chosen in a row's menu before it has
 * come, and the new name typed at once: the letters went to the row's link and were lost, and an Enter
 * there opened the conversation. They wait for the dialog and go into its field.
 */
test('Rename chosen from a row’s menu before the dialogs’ code has loaded: the name typed at once, and Enter, reach the dialog', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const [id] = await seedJobs(node, 'gpt', 1, 1)
  await nameJobInbox(node, id!, 'Lease talk')
  // The dialogs' code comes when released (a slow first load), not before the keys.
  const release = await holdRequests(page, /\/assets\/dialog-hosts-[^/]*\.js$/)
  await page.goto(node.uiUrl)
  const row = page.getByRole('link', { name: /^Lease talk/ })
  await row.focus()
  await page.keyboard.press('Shift+F10')
  await expect(page.getByRole('menuitem', { name: 'Rename', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await page.keyboard.type(' 2026')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  release()
  // The dialog opens with the name typed, and the Enter renames.
  await expect(page.getByRole('link', { name: /^Lease talk 2026/ })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).not.toHaveURL(/#\/inboxes\/./)
  const stored = await node.api<{ custom_name: string }>('GET', `/v2/get_inbox?inbox_name=${encodeURIComponent(`job_inbox::${id}::false`)}`)
  expect(stored.body.custom_name).toBe('Lease talk 2026')
})
