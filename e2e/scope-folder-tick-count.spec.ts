import type { Locator, Page } from '@playwright/test'
import { expect, test, type HeadlessNode } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { emptyScope, providerBody } from './seed'

test.use({ viewport: { width: 800, height: 600 } })

/** The job of the conversation shown (from the window's address). */
const jobIdOf = (page: Page) => /job_inbox::([^:]+)::/.exec(decodeURIComponent(page.url()))![1]!

const item = (name: string) => ({
  name,
  path: { path_ids: ['Leases', name] },
  source: { Standard: { FileRef: { file_name: name, file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } } }
})

/** A folder of 300 files and a job whose scope holds two of them; the window opened on the job's Edit scope dialog. */
async function openEditScope(page: Page, node: HeadlessNode): Promise<Locator> {
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Leases' })
  for (let i = 0; i < 300; i += 25)
    await Promise.all(
      Array.from({ length: 25 }, (_, k) => node.upload('/Leases', `lease-${String(i + k).padStart(3, '0')}.txt`, `Lease ${i + k}`))
    )
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const scope = { ...emptyScope, vector_fs_items: [item('lease-005.txt'), item('lease-299.txt')] }
  const { job_id: jobId } = (
    await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope } })
  ).body
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId)
  await page.getByRole('button', { name: 'Details' }).click()
  await page.getByRole('button', { name: 'Edit scope' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit scope' })
  await expect(dialog.getByRole('textbox', { name: 'Search the library by name' })).toBeFocused()
  return dialog
}

test('a partly ticked folder of 300 files ticked whole (Space, a click) counts as one folder, its two files no more', async ({
  page,
  node
}) => {
  const dialog = await openEditScope(page, node)
  const folder = dialog.getByRole('treeitem', { name: 'Leases' })
  const count = dialog.getByTestId('library-selection-count')
  await expect(count).toHaveText('2 files selected')
  await expect(folder).toHaveAttribute('aria-checked', 'mixed')

  // Keyboard: Tab from the search box to the tree, Space on the folder.
  await page.keyboard.press('Tab')
  await expect(folder).toBeFocused()
  await page.keyboard.press('Space')
  await expect(folder).toHaveAttribute('aria-checked', 'true')
  await expect(count).toHaveText('1 folder selected')

  // Space again unticks it: the two files went with the folder.
  await page.keyboard.press('Space')
  await expect(count).toHaveText('Nothing selected')

  // Ticks in two children (opened with Right, moved to with Down), then a click on the partly ticked folder.
  // (Its children are read from the node when it opens: Down waits for them, as a user sees them first.)
  await page.keyboard.press('ArrowRight')
  await expect(dialog.getByRole('treeitem', { name: 'lease-000.txt' })).toBeVisible()
  for (const key of ['ArrowDown', 'Space', 'ArrowDown', 'Space']) await page.keyboard.press(key)
  await expect(count).toHaveText('2 files selected')
  await expect(folder).toHaveAttribute('aria-checked', 'mixed')
  await folder.getByRole('checkbox', { name: 'Leases' }).click()
  await expect(count).toHaveText('1 folder selected')
  // Every file under it shows ticked (included with the folder), not only the two.
  await expect(dialog.getByRole('treeitem', { name: 'lease-002.txt' })).toHaveAttribute('aria-checked', 'true')

  // Saved, the job's scope holds the folder alone.
  await dialog.getByRole('button', { name: 'Save scope' }).click()
  await expect(dialog).toHaveCount(0)
  const saved = await node.api<typeof emptyScope>('GET', `/v2/get_job_scope?job_id=${encodeURIComponent(jobIdOf(page))}`)
  expect(saved.body.vector_fs_folders).toEqual([{ name: 'Leases', path: { path_ids: ['Leases'] } }])
  expect(saved.body.vector_fs_items).toEqual([])
})
