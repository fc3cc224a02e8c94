import { expect, test } from './fixtures/node'
import { nameJobInbox, providerBody, seedJobs } from './seed'

interface Listed {
  inbox_id: string
  custom_name: string
}

test('Alt+Down and Alt+Up from a conversation far down the list, opened by its address, open its neighbours', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 400)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Chat ${i + 1}`)
  // The list's order (newest activity first), as the node gives it.
  const listed = (await node.api<Listed[]>('GET', '/v2/all_inboxes')).body
  expect(listed).toHaveLength(400)
  const at = 300
  await page.goto(node.uiUrl)
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  // Opened by its address: no page of the list read so far holds it.
  await page.evaluate((id) => (location.hash = `#/inboxes/${encodeURIComponent(id)}`), listed[at]!.inbox_id)
  await expect(page.getByTestId('inbox-title')).toHaveText(listed[at]!.custom_name)

  await page.keyboard.press('Alt+ArrowDown')
  await expect(page.getByTestId('inbox-title')).toHaveText(listed[at + 1]!.custom_name)
  await page.keyboard.press('Alt+ArrowUp')
  await expect(page.getByTestId('inbox-title')).toHaveText(listed[at]!.custom_name)
  await page.keyboard.press('Alt+ArrowUp')
  await expect(page.getByTestId('inbox-title')).toHaveText(listed[at - 1]!.custom_name)
})
