import type { Page } from '@playwright/test'
import { expect, test, type HeadlessNode } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * The conversation being read, deleted from the conversation list beside it (its row's menu, or Delete on
 * its row): the window goes on to the conversation below it, as a mail app does (the one above when it was
 * the last; the inbox list when it was the only one), its message box focused. It showed "This conversation
 * was deleted · It no longer exists on the node", the notice meant for a conversation deleted by another
 * client, which still shows it.
 */

/** Three conversations, listed newest first: Charlie, Bravo, Alpha. Answers the jobs' ids in that order. */
async function seedThree(page: Page, node: HeadlessNode) {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const jobs = await seedJobs(node, 'gpt', 3, 1)
  for (const [i, name] of ['Alpha', 'Bravo', 'Charlie'].entries()) await nameJobInbox(node, jobs[i]!, name)
  await page.goto(node.uiUrl)
  return jobs.reverse()
}

const title = (page: Page) => page.getByTestId('inbox-title')
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true })
const deletedNotice = (page: Page) => page.getByText('This conversation was deleted')
const side = (page: Page) => page.getByTestId('conversation-list')

async function confirmDelete(page: Page, name: string) {
  const confirm = page.getByRole('dialog', { name: `Delete “${name}”?` })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText(`“${name}” deleted`)).toBeVisible()
}

/** Opens the conversation `id`, named `name`. */
async function opened(page: Page, id: string, name: string) {
  await showJobInbox(page, id)
  await expect(title(page)).toHaveText(name)
}

/** Deletes the conversation `name` with the Delete key on its row of the list beside the open one. */
async function deleteRow(page: Page, name: string) {
  await side(page).getByRole('link', { name }).focus()
  await page.keyboard.press('Delete')
  await confirmDelete(page, name)
}

/** The window went on to the conversation `name`, its message box focused, with no “deleted” notice. */
async function wentOnTo(page: Page, name: string) {
  await expect(title(page)).toHaveText(name)
  await expect(messageBox(page)).toBeFocused()
  await expect(deletedNotice(page)).toHaveCount(0)
}

/** The deleted conversation `id` took no place in the window's history: Back does not lead to it. */
async function backSkips(page: Page, id: string) {
  await page.goBack()
  await expect(page.getByTestId('inbox-row').first()).toBeVisible()
  expect(await page.evaluate(() => decodeURIComponent(location.hash))).not.toContain(id)
  await expect(deletedNotice(page)).toHaveCount(0)
}

/**
 * Four conversations, newest first Invoice May, Team lunch, Invoice April, Invoice March, in a window `width` by
 * `height`: the inbox list searched for "invoice" and Invoice April opened from its results.
 */
async function openedFromResults(page: Page, node: HeadlessNode, width: number, height: number) {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const jobs = await seedJobs(node, 'gpt', 4, 1)
  for (const [i, name] of ['Invoice March', 'Invoice April', 'Team lunch', 'Invoice May'].entries())
    await nameJobInbox(node, jobs[i]!, name)
  await page.setViewportSize({ width, height })
  await page.goto(node.uiUrl)
  await page.getByLabel('Search inboxes').fill('invoice')
  await expect(page.getByTestId('inbox-row')).toHaveCount(3)
  await page.getByTestId('inbox-row').filter({ hasText: 'Invoice April' }).click()
  await expect(title(page)).toHaveText('Invoice April')
}

test('deleted from its row’s menu in the list beside: the one below opens, its message box focused, and no “deleted” notice', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const [, bravo] = await seedThree(page, node)
  await opened(page, bravo!, 'Bravo')
  await side(page).getByRole('button', { name: 'Actions for Bravo' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await confirmDelete(page, 'Bravo')
  await expect(title(page)).toHaveText('Alpha')
  await expect(messageBox(page)).toBeFocused()
  await expect(side(page).getByRole('link', { name: 'Alpha' })).toHaveAttribute('aria-current', 'page')
  await expect(side(page).getByRole('link', { name: 'Bravo' })).toHaveCount(0)
  await expect(deletedNotice(page)).toHaveCount(0)
  await backSkips(page, bravo!)
})

test('Delete on the open conversation’s row: the last one goes to the one above, the only one to the inbox list', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const [charlie, , alpha] = await seedThree(page, node)
  await opened(page, alpha!, 'Alpha')
  await deleteRow(page, 'Alpha')
  await wentOnTo(page, 'Bravo')

  await opened(page, charlie!, 'Charlie')
  await deleteRow(page, 'Bravo')
  // Another conversation's delete leaves the open one where it is.
  await expect(side(page).getByRole('link', { name: 'Bravo' })).toHaveCount(0)
  await expect(title(page)).toHaveText('Charlie')

  await deleteRow(page, 'Charlie')
  await expect(page.getByTestId('inbox-title')).toHaveCount(0)
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/inboxes')
  await expect(deletedNotice(page)).toHaveCount(0)
  // The empty list's way on holds the focus, not the page.
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-empty-list]'))).toBe(true)
})

test('deleted from the narrow window’s drawer: the one below opens, its message box focused, and no “deleted” notice', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 700 })
  const [, bravo] = await seedThree(page, node)
  await opened(page, bravo!, 'Bravo')
  await page.getByRole('button', { name: 'Conversations', exact: true }).click()
  const drawer = page.getByRole('dialog', { name: 'Conversations' })
  await drawer.getByRole('link', { name: 'Bravo' }).press('Delete')
  await confirmDelete(page, 'Bravo')
  await wentOnTo(page, 'Alpha')
})

test('deleted by another client while open: the notice says so, as before (a delete asked here and cancelled changes nothing)', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const [, bravo] = await seedThree(page, node)
  await opened(page, bravo!, 'Bravo')
  await side(page).getByRole('link', { name: 'Bravo' }).focus()
  await page.keyboard.press('Delete')
  await page.getByRole('dialog', { name: 'Delete “Bravo”?' }).getByRole('button', { name: 'Cancel' }).click()
  expect((await node.api('POST', '/v2/remove_job', { job_id: bravo! })).status).toBe(200)
  await expect(deletedNotice(page)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to the inboxes' })).toBeVisible()
  await expect.poll(() => page.evaluate(() => decodeURIComponent(location.hash))).toBe(`#/inboxes/job_inbox::${bravo}::false`)
})

test('opened from search results: deleting it from the results beside it opens the next result, the search still followed', async ({
  page,
  node
}) => {
  await openedFromResults(page, node, 1280, 800)
  await deleteRow(page, 'Invoice April')
  // The next result, not the next conversation of the whole list (Team lunch).
  await expect(title(page)).toHaveText('Invoice March')
  await expect(side(page).getByTestId('conversation-search')).toContainText('Results for “invoice”')
  await expect(side(page).getByRole('navigation', { name: 'Conversations' }).getByRole('link')).toHaveText(['Invoice May', 'Invoice March'])
  await expect(deletedNotice(page)).toHaveCount(0)
})

/** Deletes the open conversation from its own menu, above it (Conversation actions → Delete). */
async function deleteFromHeader(page: Page, name: string) {
  await page.getByRole('button', { name: 'Conversation actions' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await confirmDelete(page, name)
}

// Its own menu went back to the inbox list (the list's Delete already went on to the next conversation).
test('deleted from its own menu, the list beside it hidden: the one below opens, its message box focused; Back does not lead to it', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const [, bravo] = await seedThree(page, node)
  await opened(page, bravo!, 'Bravo')
  await page.getByRole('button', { name: 'Hide conversations' }).click()
  await expect(side(page)).toHaveCount(0)
  await deleteFromHeader(page, 'Bravo')
  await wentOnTo(page, 'Alpha')
  await backSkips(page, bravo!)
})

test('deleted from its own menu in the narrow window, opened from search results: the next result opens, the search still followed', async ({
  page,
  node
}) => {
  await openedFromResults(page, node, 800, 700)
  await deleteFromHeader(page, 'Invoice April')
  // The next result, not the next conversation of the whole list (Team lunch).
  await expect(title(page)).toHaveText('Invoice March')
  await expect(messageBox(page)).toBeFocused()
  expect(await page.evaluate(() => location.hash)).toContain('q=invoice')
  await expect(deletedNotice(page)).toHaveCount(0)
})
