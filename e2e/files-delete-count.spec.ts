import { expect, test } from './fixtures/node'
import { seriousViolations } from './axe'
import { providerBody } from './seed'

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
