import { expect, test } from './fixtures/node'
import { InboxPage, showJobInbox } from './pages/inbox'
import { providerBody } from './seed'

test.use({ viewport: { width: 800, height: 600 } })

test('a source chip opened from the keyboard puts the focus on its passage, in view, in a 800x600 window', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Docs' })
  // A folder of several files: the tree is long, and the preview is drawn below it in a narrow window.
  for (const n of [1, 2, 3, 4, 5, 6])
    expect((await node.upload('/Docs', `note ${n}.txt`, `Note ${n} is about other things.`)).status).toBe(200)
  const handbook =
    '# Holiday policy\n\nEmployees get 27 days of paid holiday per year.\n\n## Sick leave\n\nSick leave needs a note after 3 days.'
  expect((await node.upload('/Docs', 'handbook.md', handbook)).status).toBe(200)
  const scope = {
    local_vrkai: [],
    local_vrpack: [],
    network_folders: [],
    vector_fs_folders: [{ name: 'Docs', path: { path_ids: ['Docs'] } }],
    vector_fs_items: []
  }
  const job = await node.api<{ job_id: string }>('POST', '/v2/create_job', {
    llm_provider: 'gpt',
    job_creation_info: { scope, is_hidden: false }
  })
  await page.goto(node.uiUrl)
  await showJobInbox(page, job.body.job_id)
  const inbox = new InboxPage(page)
  node.fake.behaviour = { type: 'reply', chunks: ['A note after 3 days of sick leave.'] }
  await inbox.send('When is a sick note needed?')
  await expect(inbox.answers()).toHaveText(/sick leave/)

  const chip = page
    .getByTestId('source-chip')
    .filter({ hasText: /handbook\.md/ })
    .first()
  await chip.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#\/files\?path=%2FDocs%2Fhandbook\.md&node=/)
  const passage = page.getByTestId('file-preview').locator('[data-current=true]')
  await expect(passage).toContainText('Sick leave needs a note')
  // The focus is on the passage the chip named (not on <body>), and the passage is in sight.
  await expect(passage).toBeFocused()
  await expect(passage).toBeInViewport()
})
