import { expect, test } from './fixtures/node'
import { InboxPage, showJobInbox } from './pages/inbox'
import { jobOverFolder, providerBody } from './seed'

test('a source chip whose file has since been moved puts the focus on the notice saying so, not on the page body', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Docs' })
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Old' })
  expect((await node.upload('/Docs', 'handbook.md', '# Sick leave\n\nSick leave needs a note after 3 days.')).status).toBe(200)
  const jobId = await jobOverFolder(node, 'gpt', 'Docs')
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId)
  const inbox = new InboxPage(page)
  node.fake.behaviour = { type: 'reply', chunks: ['After 3 days.'] }
  await inbox.send('When is a sick note needed?')
  await expect(inbox.answers()).toHaveText(/After 3 days/)
  // The cited file is moved elsewhere after the answer: the chip still names its old place.
  const moved = await node.api('POST', '/v2/move_item', { origin_path: '/Docs/handbook.md', destination_path: '/Old/handbook.md' })
  expect(moved.status).toBe(200)

  await page
    .getByTestId('source-chip')
    .filter({ hasText: /handbook\.md/ })
    .first()
    .focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#\/files\?path=%2FDocs%2Fhandbook\.md&node=/)
  const notice = page.getByTestId('file-preview').getByTestId('file-gone')
  await expect(notice).toHaveText(
    'Nothing is at this path any more: the file was moved, renamed or deleted. If it was moved, search the library for its name to open it where it is now.'
  )
  // The keyboard's place is the notice (read out), not <body>, whence Tab starts again at the top.
  await expect(notice).toBeFocused()
})
