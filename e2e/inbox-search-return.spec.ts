import { expect, test } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedInboxes } from '../bench/seed'
import { openStore } from '../src/main/store'
import { aesFileSecretBox } from '../src/main/store/secret-box'
import { startServe } from '../test/support/serve-process'
import { InboxListPage } from './pages/inbox'

test('a search typed while far down a long list shows its results from the top, and once cleared leaves the list where it was', async ({
  page
}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'nodedesk-e2e-search-return-'))
  const store = openStore(dataDir, aesFileSecretBox(join(dataDir, 'secret.key')))
  seedInboxes(store, { inboxes: 5000, messagesPerInbox: 1 })
  store.close()
  const serve = await startServe(['--port', '0', '--data-dir', dataDir])
  try {
    const list = new InboxListPage(page)
    await page.goto(serve.uiUrl)
    await expect(list.rows().first()).toBeVisible()
    const scroller = page.getByTestId('inbox-scroll')
    await scroller.evaluate((el) => el.scrollTo({ top: 68 * 3000 }))
    const at = page.locator('[data-index="3002"]').getByTestId('inbox-row')
    await expect(at).toBeVisible()
    const name = await at.textContent()
    // A search with results (the list's scroll is clamped to their height), then cleared.
    await page.getByLabel('Search inboxes').fill('zer')
    await expect(page.getByText(/matches of 5,000 inboxes|of 5,000 inboxes/)).toBeVisible()
    // The results from their top, not where the list was (they are more than a screen: 100 of them).
    await expect(page.locator('[data-index="0"]').getByTestId('inbox-row')).toBeVisible()
    expect(await page.locator('[data-index="99"]').count()).toBe(0)
    expect(await scroller.evaluate((el) => el.scrollTop)).toBe(0)
    await page.getByRole('button', { name: 'Clear search' }).click()
    await expect(page.locator('[data-index="3002"]').getByTestId('inbox-row')).toHaveText(name!)
    expect(await scroller.evaluate((el) => el.scrollTop)).toBe(68 * 3000)
  } finally {
    serve.child.kill('SIGTERM')
    await serve.exited
    rmSync(dataDir, { recursive: true, force: true })
  }
})
