import type { Request } from '@playwright/test'
import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/* The file shown in the preview, moved or deleted here: the window does not read it again at the address it left. */

test('renaming, then deleting, the previewed file reads nothing at its old path (each read was a 404 in the window)', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Leases' })
  await node.upload('/Leases', 'lease.txt', 'The lease renewal is due in March.')
  const reads: string[] = []
  let pending = 0
  const isRead = (url: string) => new URL(url).pathname === '/v2/retrieve_vector_resource'
  page.on('request', (r) => {
    if (!isRead(r.url())) return
    reads.push(new URL(r.url()).searchParams.get('path') ?? '')
    pending++
  })
  const answered = (r: Request) => void (isRead(r.url()) && pending--)
  page.on('requestfinished', answered)
  page.on('requestfailed', answered)
  const failed: string[] = []
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`)
  })
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = `#/files?path=${encodeURIComponent('/Leases/lease.txt')}`))
  const preview = page.getByTestId('file-preview')
  await expect(preview).toContainText('The lease renewal is due in March.')

  await page.getByRole('treeitem', { name: /^lease\.txt/ }).click()
  await page.keyboard.press('F2')
  const dialog = page.getByRole('dialog', { name: 'Rename or move lease.txt' })
  await dialog.getByRole('textbox', { name: 'Name' }).fill('renewal.txt')
  const readsBeforeMove = reads.length
  await dialog.getByRole('button', { name: 'Rename' }).click()
  await expect(dialog).toBeHidden()
  await expect(preview).toContainText('/Leases/renewal.txt')
  await expect(preview).toContainText('The lease renewal is due in March.')
  expect(reads.slice(readsBeforeMove)).not.toContain('/Leases/lease.txt')

  await page.getByRole('treeitem', { name: /^renewal\.txt/ }).click()
  await page.keyboard.press('Delete')
  await page.getByRole('dialog', { name: 'Delete renewal.txt?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('treeitem', { name: /^renewal\.txt/ })).toHaveCount(0)
  await expect(preview).toHaveCount(0)
  // Every read sent has been answered: none was refused.
  await expect.poll(() => pending).toBe(0)
  expect(failed).toEqual([])
})
