import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

test.use({ viewport: { width: 800, height: 600 } })

/*
 * F2 (Rename) or Delete on a row of the Conversations drawer asks in a dialog over the drawer. Escape in
 * that dialog closed the drawer under it too (Mantine's drawer hears every Escape on the window): the
 * operator, who had only changed their mind about the name, lost the list and their place in it.
 */
test('Escape in a Rename or Delete dialog asked from the Conversations drawer closes that dialog alone: the drawer stays, its row focused', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const jobs = await seedJobs(node, 'gpt', 2, 1)
  for (const [i, name] of ['Alpha plans', 'Bravo budget'].entries()) await nameJobInbox(node, jobs[i]!, name)
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobs[1]!)
  await expect(page.getByTestId('inbox-title')).toHaveText('Bravo budget')
  await page.getByRole('button', { name: 'Conversations', exact: true }).click()
  const drawer = page.getByRole('dialog', { name: 'Conversations' })
  const row = drawer.getByRole('link', { name: 'Bravo budget' })
  await expect(row).toBeFocused()

  for (const [key, dialogName] of [
    ['F2', 'Rename “Bravo budget”'],
    ['Delete', 'Delete “Bravo budget”?']
  ] as const) {
    await page.keyboard.press(key)
    const asked = page.getByRole('dialog', { name: dialogName })
    await expect(asked).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(asked).toBeHidden()
    await expect(drawer).toBeVisible()
    await expect(row).toBeFocused()
  }
  // Escape in the drawer itself still closes it.
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(page.getByRole('button', { name: 'Conversations', exact: true })).toBeFocused()
  expect(await node.api('GET', '/v2/all_inboxes').then((r) => (r.body as unknown[]).length)).toBe(2)
})
