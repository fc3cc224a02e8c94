import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures/node'
import { FilesPage } from './pages/files'
import { providerBody } from './seed'

/*
 * A chosen file deleted from the disk before its turn to upload came: Chromium cannot read it and cuts
 * the request as a lost connection would. Its row said "the node did not answer. Check that Nodedesk is
 * still running, then choose Retry", and Retry failed the same way for good.
 */
test('a chosen file deleted from the disk before it was sent: its row says the file could not be read, not that the node did not answer', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Leases' })
  const dir = mkdtempSync(join(tmpdir(), 'nodedesk-chosen-'))
  try {
    const names = ['one.txt', 'two.txt', 'three.txt', 'four.txt', 'five.txt']
    for (const n of names) writeFileSync(join(dir, n), 'The tenant pays the rent. '.repeat(n === 'five.txt' ? 10 : 20_000))
    const files = new FilesPage(page)
    await files.openUploadFolder(node.uiUrl, 'Leases')
    // Four files go at a time (shared-upload-queue.ts): on a slow link the fifth waits its turn, and is deleted meanwhile.
    await files.limitUploads(50_000)
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles(names.map((n) => join(dir, n)))
    const gone = files.uploads().nth(4)
    await expect(gone).toHaveAttribute('data-state', 'queued')
    rmSync(join(dir, 'five.txt'))
    await files.limitUploads(-1)

    await expect(gone).toHaveAttribute('data-state', 'failed', { timeout: 30_000 })
    await expect(gone).toContainText('five.txt was not uploaded: it could not be read on this computer')
    await expect(gone).not.toContainText('the node did not answer')
    // Sent again as it is, it would fail again: no Retry.
    await expect(gone.getByRole('button', { name: /Retry/ })).toHaveCount(0)
    for (const k of [0, 1, 2, 3]) await expect(files.uploads().nth(k)).toHaveAttribute('data-state', 'done')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
