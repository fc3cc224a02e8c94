import { expect, test } from './fixtures/node'
import { closeIsAskedAndDismissed, leaveDialog } from './pages/leave'
import { openSettingsWithModel } from './pages/settings'

/*
 * Settings asks before it is left with an edited node name or embedding model, as a provider's Edit
 * page does (the same guard): both were dropped without a word.
 */
test('Settings: leaving with an edited node name or model asks first (link, Back, closing the window); Stay keeps the edit, Leave drops it', async ({
  page,
  node
}) => {
  await openSettingsWithModel(page, node)
  const nodeName = page.getByRole('textbox', { name: 'Node name' })
  const modelName = page.getByRole('textbox', { name: /Embedding model name/ })
  await expect(modelName).toHaveValue('emb-1')
  const saved = await nodeName.inputValue()
  const dialog = leaveDialog(page)

  // Nothing edited: links go at once.
  await page.getByRole('link', { name: 'Files' }).click()
  await expect(page).toHaveURL(/#\/files$/)
  await page.goBack()
  await expect(page).toHaveURL(/#\/settings$/)

  // The node name edited: a link asks, naming it; Stay keeps the edit.
  await nodeName.fill('@@edited.node')
  await page.getByRole('link', { name: 'Inboxes' }).click()
  await expect(dialog).toContainText('Your changes to the node name are not saved.')
  await dialog.getByRole('button', { name: 'Stay' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/#\/settings$/)
  await expect(nodeName).toHaveValue('@@edited.node')

  // The model edited too: Back asks, naming both.
  await modelName.fill('emb-2')
  await page.goBack()
  await expect(dialog).toContainText('Your changes to the node name and the embedding model are not saved.')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/#\/settings$/)

  // Closing or reloading the window: the browser asks.
  await closeIsAskedAndDismissed(page)

  // The name put back: only the model is named; Leave goes, and the edit is gone on coming back.
  await nodeName.fill(saved)
  await page.getByRole('link', { name: 'Files' }).click()
  await expect(dialog).toContainText('Your changes to the embedding model are not saved.')
  await dialog.getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(/#\/files$/)
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(modelName).toHaveValue('emb-1')
})

test('Settings: once the edit is saved, leaving asks nothing', async ({ page, node }) => {
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('textbox', { name: 'Node name' }).fill('@@saved.node')
  await page.getByRole('button', { name: 'Save name' }).click()
  await expect(page.getByTestId('node-name-saved')).toBeVisible()
  await page.getByRole('link', { name: 'Inboxes' }).click()
  await expect(page).toHaveURL(/#\/inboxes$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
