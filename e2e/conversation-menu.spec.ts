import type { Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { expect, test, type HeadlessNode } from './fixtures/node'
import { openNamedConversation, openNewJobInbox } from './pages/inbox'

/** The node's get_inbox of `inboxId`: 200 and the inbox while it is there, 404 once deleted. */
const storedInbox = (node: HeadlessNode, inboxId: string) =>
  node.api<{ is_pinned: boolean; is_hidden: boolean; custom_name: string }>(
    'GET',
    `/v2/get_inbox?inbox_name=${encodeURIComponent(inboxId)}`
  )
const jobInbox = (jobId: string) => `job_inbox::${jobId}::false`

/** Opens the conversation's menu from the keyboard (its button focused, then Enter, no wait after); answers its button. */
async function openConversationMenu(page: Page) {
  const menu = page.getByRole('button', { name: 'Conversation actions' })
  await menu.focus()
  await page.keyboard.press('Enter')
  return menu
}

/*
 * Pin, hide, export and delete were on the inbox list's rows only: to export or delete the
 * conversation being read, the operator went back to the list and found its row there.
 */
test('the open conversation is pinned, exported and deleted from its own menu, by keyboard', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: ['The deposit is two months of rent.'] }
  await inbox.send('What is the deposit?')
  await expect(inbox.answers()).toHaveText(/two months of rent/)
  const inboxId = decodeURIComponent(new URL(page.url()).hash.slice('#/inboxes/'.length))
  const menu = page.getByRole('button', { name: 'Conversation actions' })

  await menu.focus()
  await page.keyboard.press('Enter')
  await page.getByRole('menuitem', { name: 'Pin' }).press('Enter')
  await expect(menu).toBeFocused()
  await expect.poll(async () => (await storedInbox(node, inboxId)).body.is_pinned).toBe(true)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Unpin' })).toBeVisible()

  const download = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: 'Export as Markdown' }).press('Enter')
  const markdown = readFileSync(await (await download).path(), 'utf8')
  expect(markdown).toContain('What is the deposit?')
  expect(markdown).toContain('The deposit is two months of rent.')

  await menu.press('Enter')
  await page.getByRole('menuitem', { name: 'Delete' }).press('Enter')
  const confirm = page.getByRole('dialog', { name: 'Delete “What is the deposit?”?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Delete' }).press('Enter')
  await expect(page).toHaveURL(/#\/inboxes$/)
  await expect(page.getByText('No inboxes yet')).toBeVisible()
  // The focus is on what the empty list offers, not on the page's body.
  await expect(page.getByRole('link', { name: 'Create a job' })).toBeFocused()
  expect((await storedInbox(node, inboxId)).status).toBe(404)
})

test('deleting the open conversation from its menu opens the one left, the focus in its message box, not on the page', async ({
  page,
  node
}) => {
  const [kept] = await openNamedConversation(page, node, ['Kept conversation', 'Doomed conversation'], 'Doomed conversation')
  await openConversationMenu(page)
  await page.getByRole('menuitem', { name: 'Delete' }).press('Enter')
  await page.getByRole('dialog', { name: 'Delete “Doomed conversation”?' }).getByRole('button', { name: 'Delete' }).press('Enter')
  // As the list's Delete does (delete-open-conversation.spec.ts): the next conversation, not the inbox list.
  await expect(page).toHaveURL(new RegExp(`#/inboxes/${encodeURIComponent(jobInbox(kept!))}$`))
  await expect(page.getByTestId('inbox-title')).toHaveText('Kept conversation')
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeFocused()
})

test('the conversation menu opened with Enter takes ArrowDown and Enter pressed right after it: the third item (Hide) is chosen', async ({
  page,
  node
}) => {
  const [kept] = await openNamedConversation(page, node, ['Kept conversation', 'Other conversation'], 'Kept conversation')
  const inboxId = jobInbox(kept!)
  const hidden = async () => (await storedInbox(node, inboxId)).body.is_hidden
  // No wait in between: the menu is not drawn yet when the keys come.
  const menu = await openConversationMenu(page)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect.poll(hidden).toBe(true)
  await expect(page.getByRole('menu')).toBeHidden()
  await expect(menu).toBeFocused()
})

test('Delete chosen from the conversation menu, then Enter at once: the confirmation’s Cancel takes it, nothing is deleted', async ({
  page,
  node
}) => {
  const [kept] = await openNamedConversation(page, node, ['Kept conversation'], 'Kept conversation')
  await openConversationMenu(page)
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeFocused()
  // Up from the first item: the last one, Delete. Then no wait: the dialog is not drawn yet when Enter comes.
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page.getByTestId('inbox-title')).toHaveText('Kept conversation')
  expect((await storedInbox(node, jobInbox(kept!))).status).toBe(200)
})

test('Delete chosen from the conversation menu and then cancelled (Escape or Cancel): the focus is back on the menu’s button, not on the page', async ({
  page,
  node
}) => {
  const [kept] = await openNamedConversation(page, node, ['Kept conversation'], 'Kept conversation')
  const menu = page.getByRole('button', { name: 'Conversation actions' })
  const confirm = page.getByRole('dialog', { name: 'Delete “Kept conversation”?' })
  for (const leave of ['Escape', 'Cancel']) {
    await menu.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem', { name: 'Delete' }).press('Enter')
    await expect(confirm).toBeVisible()
    if (leave === 'Escape') await page.keyboard.press('Escape')
    else await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toBeHidden()
    await expect(menu, leave).toBeFocused()
  }
  expect((await storedInbox(node, jobInbox(kept!))).status).toBe(200)
})

test('the open conversation is renamed from its menu: the title follows, and the focus is back on the menu’s button whether saved or cancelled', async ({
  page,
  node
}) => {
  const [kept] = await openNamedConversation(page, node, ['Kept conversation'], 'Kept conversation')
  const menu = await openConversationMenu(page)
  await page.getByRole('menuitem', { name: 'Rename' }).press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Rename “Kept conversation”' })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(menu).toBeFocused()

  await page.keyboard.press('Enter')
  await page.getByRole('menuitem', { name: 'Rename' }).press('Enter')
  await dialog.getByRole('textbox').fill('Lease renewal')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('inbox-title')).toHaveText('Lease renewal')
  await expect(menu).toBeFocused()
  const inboxId = jobInbox(kept!)
  expect((await storedInbox(node, inboxId)).body.custom_name).toBe('Lease renewal')
})
