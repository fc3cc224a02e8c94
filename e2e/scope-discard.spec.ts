import { seriousViolations } from './axe'
import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { emptyScope, providerBody } from './seed'

test('Edit scope with changes asks before closing: Escape, Cancel and the close button keep the picks unless the operator discards them', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Leases' })
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Invoices' })
  const scope = { ...emptyScope, vector_fs_folders: [{ name: 'Leases', path: { path_ids: ['Leases'] } }] }
  const { job_id: jobId } = (
    await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope } })
  ).body
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId)
  await page.getByRole('button', { name: 'Details' }).click()
  const editScope = page.getByRole('button', { name: 'Edit scope' })
  await editScope.click()
  const dialog = page.getByRole('dialog', { name: 'Edit scope' })
  const count = dialog.getByTestId('library-selection-count')
  await expect(count).toHaveText('1 folder selected')

  // Nothing changed: Escape closes at once.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await editScope.click()
  await expect(count).toHaveText('1 folder selected')

  // A folder picked with the keyboard, then Escape: asked, and "Keep editing" keeps the pick.
  await dialog.getByRole('treeitem', { name: 'Invoices' }).focus()
  await page.keyboard.press('Space')
  await expect(count).toHaveText('2 folders selected')
  await page.keyboard.press('Escape')
  // Asked as every other question is (askToConfirm): its own dialog over this one, not a panel inside it.
  const confirm = page.getByRole('dialog', { name: 'Discard your changes to the scope?' })
  await expect(confirm).toBeVisible()
  await expect(dialog.getByText('Discard your changes to the scope?')).toHaveCount(0)
  await expect(confirm.getByRole('button', { name: 'Keep editing' })).toBeFocused()
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(confirm).toBeHidden()
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('treeitem', { name: 'Invoices' })).toBeFocused()
  await expect(count).toHaveText('2 folders selected')

  // The close button and a click beside the dialog ask as well.
  // (Each question is let go before the next click: a click while it fades out lands on its overlay.)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await confirm.getByRole('button', { name: 'Keep editing' }).click()
  await expect(confirm).toBeHidden()
  await page.mouse.click(10, 400)
  await confirm.getByRole('button', { name: 'Keep editing' }).click()
  await expect(confirm).toBeHidden()
  await expect(count).toHaveText('2 folders selected')

  // Cancel asks too; "Discard changes" closes, and the stored scope is as it was.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await confirm.getByRole('button', { name: 'Keep editing' }).click()
  await expect(confirm).toBeHidden()
  await expect(count).toHaveText('2 folders selected')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await confirm.getByRole('button', { name: 'Discard changes' }).click()
  await expect(dialog).toBeHidden()
  await expect(confirm).toBeHidden()
  await expect(editScope).toBeFocused()
  expect((await node.api('GET', `/v2/get_job_scope?job_id=${jobId}`)).body).toEqual(scope)
})
