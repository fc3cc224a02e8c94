import { expect, test } from './fixtures/node'
import { closeIsAskedAndDismissed } from './pages/leave'
import { FilesPage } from './pages/files'
import { providerBody } from './seed'

/*
 * The upload queue lives in the window: closing or reloading it while files were still queued or being
 * sent dropped them without a word (a folder of thousands of files, half sent, and no way to tell which).
 * The browser asks first now, as it does for a page with changes not saved; once all are sent, it does not.
 */

test('closing the window while files are still uploading asks first; dismissed, the uploads go on and finish; then closing asks nothing', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const files = new FilesPage(page)
  await files.openEmpty(node.uiUrl)
  // A slow link (256 KB/s up): 3 files of 1 MB take about 12 s.
  await files.limitUploads(256 * 1024)
  // The page used first (a click: the browser asks only a page that was interacted with), then the files picked
  // as Upload files gives them (a file chooser opened from a key press did not always reach the test).
  await page.getByRole('heading', { name: 'Files', exact: true }).click()
  await files.pick(['a.txt', 'b.txt', 'c.txt'].map((name) => ({ name, text: Buffer.alloc(1024 * 1024, `text of ${name} `) })))
  await expect(files.uploads().first()).toContainText(/uploading \d+%/)

  await closeIsAskedAndDismissed(page)

  await files.limitUploads(-1)
  await expect(page.getByTestId('uploads-under-way')).toHaveCount(0, { timeout: 45_000 })
  for (const row of await files.uploads().all()) await expect(row).toHaveAttribute('data-state', 'done')
  const listed = await node.api<{ name: string }[]>('GET', '/v2/retrieve_path_simplified?path=/&depth=0')
  expect(listed.body.map((i) => i.name).sort()).toEqual(['a.txt', 'b.txt', 'c.txt'])

  // Nothing under way: the window closes without a question.
  let asked = false
  page.on('dialog', (d) => {
    asked = true
    void d.dismiss()
  })
  await page.close({ runBeforeUnload: true })
  await expect.poll(() => page.isClosed()).toBe(true)
  expect(asked).toBe(false)
})
