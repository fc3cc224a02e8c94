import { expect, test } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedInboxes } from '../bench/seed'
import { openStore } from '../src/main/store'
import { aesFileSecretBox } from '../src/main/store/secret-box'
import { startServe } from '../test/support/serve-process'
import { InboxListPage } from './pages/inbox'

/*
 * Ctrl+A in the inbox list selects every inbox of the list as it stands, read first where its rows
 * are not (2,500 inboxes: 50 are read at first), and the bulk bar counts them all; Escape drops them.
 * In the search box Ctrl+A is the text's own.
 */
test('Ctrl+A selects every inbox of the list, not only the rows read; Escape clears; the search box keeps its Ctrl+A', async ({ page }) => {
  test.setTimeout(120_000)
  const dataDir = mkdtempSync(join(tmpdir(), 'nodedesk-e2e-select-all-'))
  const store = openStore(dataDir, aesFileSecretBox(join(dataDir, 'secret.key')))
  seedInboxes(store, { inboxes: 2500, messagesPerInbox: 1 })
  store.close()
  const serve = await startServe(['--port', '0', '--data-dir', dataDir])
  const api = async (path: string, body: unknown) => {
    const res = await fetch(`${serve.url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${serve.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body)
    })
    expect(res.status).toBe(200)
  }
  try {
    for (const i of [10, 20]) await api('/v2/update_inbox_pinned', { inbox_name: `job_inbox::jobid_seed_${i}::false`, pinned: true })
    for (const i of [30, 40, 50]) await api('/v2/update_job_hidden', { job_id: `jobid_seed_${i}`, is_hidden: true })
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(serve.uiUrl)
    const list = new InboxListPage(page)
    await expect(page.getByTestId('inbox-count')).toHaveText('2,497 inboxes, 2 pinned, 3 hidden')
    const bar = page.getByTestId('bulk-bar')

    await list.rows().first().focus()
    await page.keyboard.press('ControlOrMeta+a')
    await expect(bar.getByText('2,497 selected', { exact: true })).toBeVisible({ timeout: 20_000 })
    await expect(bar.getByRole('button', { name: 'Delete 2,497' })).toBeVisible()
    await expect(bar.getByRole('button', { name: 'Hide 2,497' })).toBeVisible()
    // Narrow, the bar says it out of how many.
    await page.setViewportSize({ width: 800, height: 600 })
    await expect(bar.getByTestId('bulk-count')).toHaveText('2,497 of 2,497 selected')
    await page.setViewportSize({ width: 1280, height: 800 })

    // Escape from the row drops the selection; the focus stays in the list.
    await page.keyboard.press('Escape')
    await expect(bar).toHaveCount(0)
    await expect(page.locator('[data-testid="inbox-scroll"] :focus')).toHaveCount(1)

    // In the search box Ctrl+A selects the typed text, not the inboxes.
    const search = page.getByRole('textbox', { name: 'Search inboxes' })
    await search.fill('zzzz')
    await search.press('ControlOrMeta+a')
    expect(await search.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, 4])
    await expect(bar).toHaveCount(0)
    await search.fill('')

    // Shown hidden ones too, "all" is those 2,500; deleted, in parts the node takes (1,000 a call).
    await page.getByRole('switch', { name: 'Show hidden' }).click()
    await expect(page.getByTestId('inbox-count')).toHaveText('2,500 inboxes, 2 pinned, 3 hidden')
    await list.rows().first().focus()
    await page.keyboard.press('ControlOrMeta+a')
    await bar.getByRole('button', { name: 'Delete 2,500' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText('Delete 2,500 conversations?')).toBeVisible()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('2,500 conversations deleted')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByText('No inboxes yet')).toBeVisible()
  } finally {
    serve.child.kill('SIGTERM')
    await serve.exited
    rmSync(dataDir, { recursive: true, force: true })
  }
})
