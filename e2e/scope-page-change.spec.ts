import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * Edit scope is about the job of the conversation it was opened from. With picks changed, Alt+Down (the
 * next conversation) or Back closed it as a cancel and the picks were lost without a word, where Job config
 * asked "Leave without saving?" first. It asks the same now: Stay keeps the conversation, the dialog and the
 * picks, Leave goes on and nothing is saved. Nothing changed, nothing is asked.
 */

test('Edit scope with picks changed: Alt+Down and Back ask first, Stay keeps the picks, Leave goes without saving', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1600, height: 800 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Leases' })
  const ids = await seedJobs(node, 'gpt', 3, 1)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Chat ${i + 1}`)
  const scopes = () => Promise.all(ids.map(async (id) => (await node.api('GET', `/v2/get_job_scope?job_id=${id}`)).body))
  const before = await scopes()
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto(node.uiUrl)
  const title = page.getByTestId('inbox-title')
  await showJobInbox(page, ids[0]!)
  await expect(title).toHaveText('Chat 1')
  await showJobInbox(page, ids[1]!)
  await expect(title).toHaveText('Chat 2')

  const editScope = page
    .locator('#main-content')
    .getByRole('complementary', { name: 'Job details' })
    .getByRole('button', { name: 'Edit scope' })
  await editScope.click()
  const dialog = page.getByRole('dialog', { name: 'Edit scope' })
  const count = dialog.getByTestId('library-selection-count')
  await expect(count).toHaveText('Nothing selected')
  await dialog.getByRole('checkbox', { name: 'Leases' }).click()
  await expect(count).toHaveText('1 folder selected')
  const cancel = dialog.getByRole('button', { name: 'Cancel' })
  const asked = page.getByRole('dialog', { name: 'Leave without saving?' })

  // Alt+Down: asked, naming the scope; Stay keeps the conversation, the dialog and the pick.
  await cancel.focus()
  await page.keyboard.press('Alt+ArrowDown')
  await expect(asked).toContainText('Your changes to the scope are not saved. If you leave this conversation, they are lost.')
  await asked.getByRole('button', { name: 'Stay' }).click()
  await expect(asked).toHaveCount(0)
  await expect(title).toHaveText('Chat 2')
  await expect(dialog).toBeVisible()
  await expect(count).toHaveText('1 folder selected')

  // Back: asked too; Stay keeps it all.
  await page.goBack()
  await asked.getByRole('button', { name: 'Stay' }).click()
  await expect(asked).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`${ids[1]}`))
  await expect(title).toHaveText('Chat 2')
  await expect(count).toHaveText('1 folder selected')

  // Back again, Leave: Chat 1, the dialog closed as a cancel, no question left, nothing saved.
  await page.goBack()
  await asked.getByRole('button', { name: 'Leave' }).click()
  await expect(title).toHaveText('Chat 1')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(await scopes()).toEqual(before)

  // Nothing changed in the dialog: Alt+Up (newest first, Chat 1 is last) opens the one above at once.
  await editScope.click()
  await expect(count).toHaveText('Nothing selected')
  await cancel.focus()
  await page.keyboard.press('Alt+ArrowUp')
  await expect(title).toHaveText('Chat 2')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(await scopes()).toEqual(before)
})
