import { expect, test } from './fixtures/node'
import { InboxListPage, showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * The row menu's Hide/Unhide and Pin/Unpin, and the open conversation's, say what the operator just did
 * even before the node's inbox_changed event reaches the lists. Here the window hears no events at all
 * (its event stream refused), the longest such wait: the labels still follow each change made here.
 */
test('with no events coming, the row menu and the conversation menu say Unhide after Hide and Unpin after Pin', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const [first, second] = await seedJobs(node, 'gpt', 2, 1)
  await nameJobInbox(node, first!, 'Alpha plans')
  await nameJobInbox(node, second!, 'Bravo budget')
  await page.route('**/v2/events', (route) => route.abort())
  await page.goto(node.uiUrl)
  const list = new InboxListPage(page)
  await page.getByRole('switch', { name: 'Show hidden' }).check()
  await expect(list.rows()).toHaveCount(2)
  const stored = async (id: string) =>
    (
      await node.api<{ is_hidden: boolean; is_pinned: boolean }>(
        'GET',
        `/v2/get_inbox?inbox_name=${encodeURIComponent(`job_inbox::${id}::false`)}`
      )
    ).body

  const menu = page.getByRole('button', { name: 'Actions for Alpha plans' })
  await menu.click()
  await page.getByRole('menuitem', { name: 'Hide' }).click()
  await expect.poll(async () => (await stored(first!)).is_hidden).toBe(true)
  await menu.click()
  await expect(page.getByRole('menuitem', { name: 'Unhide' })).toBeVisible()
  await page.getByRole('menuitem', { name: 'Pin' }).click()
  await expect.poll(async () => (await stored(first!)).is_pinned).toBe(true)
  await menu.click()
  await expect(page.getByRole('menuitem', { name: 'Unpin' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Unhide' })).toBeVisible()
  await page.keyboard.press('Escape')

  // The open conversation's menu.
  await showJobInbox(page, second!)
  await expect(page.getByTestId('inbox-title')).toHaveText('Bravo budget')
  const actions = page.getByRole('button', { name: 'Conversation actions' })
  await actions.click()
  await page.getByRole('menuitem', { name: 'Hide' }).click()
  await expect.poll(async () => (await stored(second!)).is_hidden).toBe(true)
  await actions.click()
  await expect(page.getByRole('menuitem', { name: 'Unhide' })).toBeVisible()
})
