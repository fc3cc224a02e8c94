import type { CDPSession } from '@playwright/test'
import { expect, test } from './fixtures/node'
import { closeIsAskedAndDismissed } from './pages/leave'
import { NewJobPage } from './pages/new-job'
import { providerBody } from './seed'

/*
 * Files chosen in New job's scope picker ("Choose files…", or dropped there) are sent by the window as well:
 * closing or reloading it while they were still being sent dropped them without a word, as the Files page's
 * uploads were before the window asked. It asks for these too; once they are stored, it does not.
 */

test('closing the window while files chosen in New job are still uploading asks first; once stored, closing asks nothing', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'New job' }).first().click()
  const lib = new NewJobPage(page).library()
  // A slow link (256 KB/s up): 2 files of 1 MB take about 8 s.
  const cdp: CDPSession = await page.context().newCDPSession(page)
  const limit = (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput })
  await cdp.send('Network.enable')
  await limit(256 * 1024)
  // The page used first (a click: the browser asks only a page that was interacted with), then the files given
  // as "Choose files…" takes them (a file chooser opened from a key press did not always reach the test).
  await page.getByRole('heading', { name: 'New job', exact: true }).click()
  await lib
    .locator('input[type=file]')
    .first()
    .setInputFiles(
      ['a.txt', 'b.txt'].map((name) => ({ name, mimeType: 'text/plain', buffer: Buffer.alloc(1024 * 1024, `text of ${name} `) }))
    )
  await expect(lib.getByTestId('scope-upload').first()).toBeVisible()

  await closeIsAskedAndDismissed(page)

  await limit(-1)
  await expect(lib.getByTestId('library-selection-count')).toHaveText('2 files selected', { timeout: 45_000 })
  const listed = await node.api<{ name: string }[]>('GET', '/v2/retrieve_path_simplified?path=/&depth=0')
  expect(listed.body.map((i) => i.name).sort()).toEqual(['a.txt', 'b.txt'])

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
