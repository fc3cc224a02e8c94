import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * A hidden conversation opened (from a link, a search, Alt+Up/Down with hidden ones shown) is not in
 * the conversation list beside it, and nothing said why: its header now carries the list's "Hidden"
 * marker, which goes as soon as it is unhidden.
 */
test('a hidden conversation says so beside its name; unhidden from its menu, the marker goes', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const [id] = await seedJobs(node, 'gpt', 1, 1)
  await nameJobInbox(node, id!, 'Old lease')
  await node.api('POST', '/v2/update_job_hidden', { job_id: id, is_hidden: true })
  await page.goto(node.uiUrl)
  await showJobInbox(page, id!)
  const header = page.getByTestId('conversation-header')
  await expect(header.getByTestId('hidden-marker')).toHaveText('Hidden')
  await header.getByRole('button', { name: 'Conversation actions' }).click()
  await page.getByRole('menuitem', { name: 'Unhide' }).click()
  await expect(header.getByTestId('hidden-marker')).toHaveCount(0)
  // The marker goes as Unhide is chosen, before the node has it: another client hiding it now could
  // reach the node first, and this window's Unhide, landing after, would rightly leave it unhidden.
  const inbox = `/v2/get_inbox?inbox_name=${encodeURIComponent(`job_inbox::${id}::false`)}`
  await expect.poll(async () => (await node.api<{ is_hidden: boolean }>('GET', inbox)).body.is_hidden).toBe(false)
  // Hidden by another client meanwhile: the marker comes back.
  await node.api('POST', '/v2/update_job_hidden', { job_id: id, is_hidden: true })
  await expect(header.getByTestId('hidden-marker')).toBeVisible()
})
