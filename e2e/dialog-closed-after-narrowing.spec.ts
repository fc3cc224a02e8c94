import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * A dialog hands the focus back to the control that opened it. Asked from the conversation list beside
 * the conversation (F2, Delete on a row) or from the job's details beside it (Edit scope), then the window
 * made narrower (snapped to half the screen) while it was open: those controls were hidden by the time it
 * closed, and the focus went to the page's body (Tab started again from the top of the window). It goes
 * to the button standing in for them on a narrow window: Conversations, Details.
 */
test('Rename or Delete asked from the list beside, the window narrowed past lg, closed: the focus is on the Conversations button', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const jobs = await seedJobs(node, 'gpt', 2, 1)
  for (const [i, name] of ['Alpha plans', 'Bravo budget'].entries()) await nameJobInbox(node, jobs[i]!, name)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobs[1]!)
  await expect(page.getByTestId('inbox-title')).toHaveText('Bravo budget')
  for (const [key, name] of [
    ['F2', 'Rename “Alpha plans”'],
    ['Delete', 'Delete “Alpha plans”?']
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByTestId('conversation-list').getByRole('link', { name: 'Alpha plans' }).focus()
    await page.keyboard.press(key)
    const asked = page.getByRole('dialog', { name })
    await expect(asked).toBeVisible()
    await page.setViewportSize({ width: 800, height: 600 })
    await expect(page.getByRole('button', { name: 'Conversations', exact: true })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(asked).toBeHidden()
    await expect(page.getByRole('button', { name: 'Conversations', exact: true })).toBeFocused()
  }
})

test('Edit scope asked from the details beside, the window narrowed past xl, closed: the focus is on the Details button', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const jobs = await seedJobs(node, 'gpt', 1, 1)
  await page.setViewportSize({ width: 1500, height: 800 })
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobs[0]!)
  await page.getByRole('complementary', { name: 'Job details' }).getByRole('button', { name: 'Edit scope' }).click()
  const scope = page.getByRole('dialog', { name: 'Edit scope' })
  await expect(scope).toBeVisible()
  await page.setViewportSize({ width: 1000, height: 700 })
  await expect(page.getByRole('button', { name: 'Details', exact: true })).toBeVisible()
  await scope.getByRole('button', { name: 'Cancel' }).click()
  await expect(scope).toBeHidden()
  await expect(page.getByRole('button', { name: 'Details', exact: true })).toBeFocused()
})
