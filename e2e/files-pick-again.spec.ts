import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chooseFiles } from './file-chooser'
import { expect, test } from './fixtures/node'
import { FilesPage } from './pages/files'
import { providerBody } from './seed'

/*
 * The file chooser kept its last pick, and Chromium tells no change when the same files are picked
 * again: a file deleted (or a failed upload dismissed) and picked again to send it once more was not
 * sent, and nothing said why.
 */
test('the same file picked again with Upload files is uploaded again', async ({ page, node }) => {
  const root = mkdtempSync(join(tmpdir(), 'nodedesk-again-'))
  const file = join(root, 'notes.txt')
  writeFileSync(file, 'The keeper logs the weather.')
  const stored = async () =>
    (await node.api<{ path: string }[]>('GET', '/v2/retrieve_path_simplified?path=%2F&depth=0')).body.map((e) => e.path)
  try {
    await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
    const files = new FilesPage(page)
    await files.openEmpty(node.uiUrl)
    const pick = async () => {
      await chooseFiles(page, () => page.getByRole('button', { name: 'Upload files' }).click(), [file])
    }
    await pick()
    await expect.poll(stored).toEqual(['/notes.txt'])
    expect((await node.api('POST', '/v2/delete_item', { path: '/notes.txt' })).status).toBe(200)
    await expect.poll(stored).toEqual([])
    await pick()
    await expect(files.uploads()).toHaveCount(2)
    await expect.poll(stored).toEqual(['/notes.txt'])
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
})
