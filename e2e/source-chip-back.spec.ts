import { expect, test } from './fixtures/node'
import { InboxPage, showJobInbox } from './pages/inbox'
import { jobOverFolder, providerBody } from './seed'

test('the passage a source chip opened offers the way back to the conversation, by mouse or keyboard', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Docs' })
  expect((await node.upload('/Docs', 'handbook.md', '# Sick leave\n\nSick leave needs a note after 3 days.')).status).toBe(200)
  const jobId = await jobOverFolder(node, 'gpt', 'Docs')
  const inboxUrl = new RegExp(`#/inboxes/${encodeURIComponent(`job_inbox::${jobId}::false`)}$`)
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId)
  const inbox = new InboxPage(page)
  node.fake.behaviour = { type: 'reply', chunks: ['After 3 days.'] }
  await inbox.send('When is a sick note needed?')
  await expect(inbox.answers()).toHaveText(/After 3 days/)

  const chip = page
    .getByTestId('source-chip')
    .filter({ hasText: /handbook\.md/ })
    .first()
  await chip.click()
  await expect(page.getByTestId('file-preview').locator('[data-current=true]')).toBeFocused()
  // The desktop window has no Back button: the preview has the way back.
  const back = page.getByTestId('file-preview').getByRole('link', { name: 'Back to the conversation' })
  await back.click()
  await expect(page).toHaveURL(inboxUrl)
  await expect(inbox.answers()).toHaveText(/After 3 days/)

  // From the keyboard: the link is the preview's first Tab stop, before Download and the passages.
  await chip.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('file-preview').locator('[data-current=true]')).toBeFocused()
  // Back past the list of passages (one Tab stop, scrolled with the arrows), Download, then the link.
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByRole('region', { name: 'Passages of this file' })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByTestId('file-preview').getByRole('button', { name: 'Download' })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(back).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(inboxUrl)
  await expect(inbox.answers()).toHaveText(/After 3 days/)
})
