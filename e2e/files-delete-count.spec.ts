import { expect, test } from './fixtures/node'
import { seriousViolations } from './axe'
import { emptyScope, providerBody } from './seed'

/* A folder's delete confirmation says how much goes with it, counted through the tree's own folder reads, a bounded number of them. */

test('deleting a folder: the confirmation names how many files and folders are in it, "at least" past what it reads', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const folder = async (path: string, name: string) =>
    expect((await node.api('POST', '/v2/create_folder', { path, folder_name: name })).status).toBe(200)
  await folder('/', 'Reports')
  await folder('/Reports', '2025')
  for (const n of ['a.txt', 'b.txt']) await node.upload('/Reports', n, `Text of ${n}`)
  await node.upload('/Reports/2025', 'c.txt', 'Text of c.txt')
  // Wider than the window reads to count: 45 folders of one file each.
  await folder('/', 'Archive')
  for (let i = 0; i < 45; i++) {
    await folder('/Archive', `box-${i}`)
    await node.upload(`/Archive/box-${i}`, 'note.txt', `Note ${i}`)
  }
  const reads: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/v2/retrieve_path_simplified')) reads.push(new URL(r.url()).searchParams.get('path') ?? '/')
  })
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/files'))

  // From the keyboard: Delete on the row asks; the count arrives in the open dialog; Escape keeps everything.
  await page.getByRole('treeitem', { name: /^Reports/ }).focus()
  await page.keyboard.press('Delete')
  const reports = page.getByRole('dialog', { name: 'Delete Reports?' })
  await expect(reports.getByTestId('folder-contents')).toHaveText('It holds 3 files and 1 folder.')
  await expect(reports.getByRole('button', { name: 'Cancel' })).toBeFocused()
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(reports).toHaveCount(0)

  reads.length = 0
  await page.getByRole('treeitem', { name: /^Archive/ }).focus()
  await page.keyboard.press('Delete')
  const archive = page.getByRole('dialog', { name: 'Delete Archive?' })
  await expect(archive.getByTestId('folder-contents')).toHaveText(
    'It holds at least 39 files and 45 folders (its deeper folders were not counted).'
  )
  expect(reads.length).toBeLessThanOrEqual(40)
  await archive.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page.getByRole('treeitem', { name: /^Archive/ })).toHaveCount(0)
  expect((await node.api<{ name: string }[]>('GET', '/v2/retrieve_path_simplified?path=/&depth=0')).body.map((e) => e.name)).toEqual([
    'Reports'
  ])
})

test('deleting a file a job uses: the confirmation names the job, and its link opens the conversation', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  expect((await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Reports' })).status).toBe(200)
  await node.upload('/Reports', 'lease.txt', 'The lease runs until 2030.')
  const fileRef = { Standard: { FileRef: { file_name: 'lease.txt', file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } } }
  const scope = { ...emptyScope, vector_fs_items: [{ name: 'lease.txt', path: { path_ids: ['Reports', 'lease.txt'] }, source: fileRef }] }
  const job = await node.api<{ job_id: string }>('POST', '/v2/create_job', {
    llm_provider: 'gpt',
    job_creation_info: { scope, associated_ui: null, is_hidden: false }
  })
  const inbox = `job_inbox::${job.body.job_id}::false`
  await node.api('POST', '/v2/update_smart_inbox_name', { inbox_name: inbox, custom_name: 'Lease questions' })

  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/files'))
  await page.getByRole('treeitem', { name: /^Reports/ }).click()
  await page.getByRole('treeitem', { name: /^lease\.txt/ }).focus()
  await page.keyboard.press('Delete')
  const dialog = page.getByRole('dialog', { name: 'Delete lease.txt?' })
  await expect(dialog.getByTestId('path-users')).toContainText('1 job uses it; its answers will no longer draw on it:')
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('link', { name: 'Lease questions' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`#/inboxes/${encodeURIComponent(inbox)}$`))
  // Nothing was deleted.
  expect((await node.api('GET', '/v2/retrieve_path_simplified?path=/Reports&depth=0')).body).toHaveLength(1)
})
