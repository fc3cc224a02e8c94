import { test as base, expect } from '@playwright/test'
import type { Download } from '@playwright/test'
import { seedInboxes } from '../bench/seed'
import type { ServeProcess } from '../test/support/serve-process'
import { seededServe } from './seeded-serve'

/*
 * Exporting a long conversation takes seconds while its export is read (1-3 s for 13 MB), and nothing was
 * shown until the browser's download: the operator clicked Export again and got two files. Now a notice says
 * the export is being prepared until the download starts, and Export again meanwhile starts nothing. The
 * node's answer is held here, as a slow export's is.
 */
const INBOX = 'job_inbox::jobid_seed_0::false'
const NAME = 'Huge ledger'

const test = base.extend<{ serve: ServeProcess }>({
  serve: seededServe('export-preparing', (store) => {
    seedInboxes(store, { inboxes: 1, messagesPerInbox: 50 })
    store.db.prepare('UPDATE inboxes SET custom_name = ? WHERE id = ?').run(NAME, INBOX)
  })
})

test('while an export is prepared a notice says so and goes as the download starts; Export again meanwhile gives no second file', async ({
  page,
  serve
}) => {
  test.setTimeout(60_000)
  let asked = 0
  let release: () => void = () => {}
  const released = new Promise<void>((r) => (release = r))
  await page.route('**/v2/export_messages_from_inbox', async (route) => {
    asked++
    await released
    await route.continue()
  })
  const downloads: Download[] = []
  page.on('download', (d) => downloads.push(d))
  await page.goto(serve.uiUrl)

  const exportAsMarkdown = async () => {
    await page.getByRole('button', { name: `Actions for ${NAME}` }).click()
    await page.getByRole('menuitem', { name: 'Export as Markdown' }).click()
  }
  await exportAsMarkdown()
  const preparing = page.getByRole('alert').filter({ hasText: `Preparing export of “${NAME}”…` })
  await expect(preparing).toBeVisible()
  await expect.poll(() => asked).toBe(1)
  // The operator, seeing the export under way, asks again: nothing more is asked of the node.
  await exportAsMarkdown()
  await expect(preparing).toHaveCount(1)

  release()
  await expect.poll(() => downloads.length).toBe(1)
  expect(downloads[0]!.suggestedFilename()).toBe(`${NAME}.md`)
  await expect(preparing).toHaveCount(0)
  await page.waitForTimeout(1000)
  expect(downloads).toHaveLength(1)
  expect(asked).toBe(1)
})
