import { expect, test } from './fixtures/node'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * The list's Rename with the name cleared: the Rename button was only disabled, with no word why. The
 * field says it now, the button stays to press (or Enter), and nothing is renamed.
 */
test('renaming a conversation to nothing says under the field that a name is needed, and renames nothing', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const [id] = await seedJobs(node, 'gpt', 1, 1)
  await nameJobInbox(node, id!, 'Budget review')
  await page.goto(node.uiUrl)
  const row = page.getByRole('link', { name: /^Budget review/ })
  await row.focus()
  await page.keyboard.press('Shift+F10')
  await page.getByRole('menuitem', { name: 'Rename', exact: true }).click()
  const dialog = page.getByRole('dialog')
  const field = dialog.getByRole('textbox', { name: 'Name' })
  await expect(field).toBeFocused()
  await field.fill('   ')
  await expect(field).toHaveAccessibleDescription('A name is needed.')
  await expect(dialog.getByText('A name is needed.')).toBeVisible()

  // Enter, then the button: the dialog stays, the focus in the field that says why.
  await field.press('Enter')
  await expect(dialog).toBeVisible()
  await expect(field).toBeFocused()
  const rename = dialog.getByRole('button', { name: 'Rename' })
  await expect(rename).toBeEnabled()
  await rename.click()
  await expect(dialog).toBeVisible()
  await expect(field).toBeFocused()

  // A name typed, the reason goes; Escape leaves the name as it was.
  await field.fill('Budget')
  await expect(dialog.getByText('A name is needed.')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('link', { name: /^Budget review/ })).toBeVisible()
})
