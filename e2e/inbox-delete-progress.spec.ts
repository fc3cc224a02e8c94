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
 * Deleting every inbox of a long list (3,000: three calls of 1,000) says how far it is as it goes, and
 * can be stopped: the notice then says exactly how many were deleted, and the list and the selection
 * count the rest.
 */
test('a delete of thousands shows "Deleting n of N…", and Stop ends it with the exact count deleted and the list right', async ({
  page
}) => {
  test.setTimeout(180_000)
  const dataDir = mkdtempSync(join(tmpdir(), 'nodedesk-e2e-delete-progress-'))
  const store = openStore(dataDir, aesFileSecretBox(join(dataDir, 'secret.key')))
  seedInboxes(store, { inboxes: 3000, messagesPerInbox: 1 })
  store.close()
  const serve = await startServe(['--port', '0', '--data-dir', dataDir])
  try {
    await page.goto(serve.uiUrl)
    const list = new InboxListPage(page)
    await expect(page.getByTestId('inbox-count')).toHaveText('3,000 inboxes')
    const bar = page.getByTestId('bulk-bar')
    await list.rows().first().focus()
    await page.keyboard.press('ControlOrMeta+a')
    await bar.getByRole('button', { name: 'Delete 3,000' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()

    const progress = page.getByTestId('deleting-progress')
    await expect(progress).toHaveText(/^Deleting (0|1,000|2,000) of 3,000…$/)
    await page.getByRole('button', { name: 'Stop' }).click()
    const stopped = page.getByText(/^([\d,]+) of 3,000 conversations deleted; the other ([\d,]+) were not\.$/)
    await expect(stopped).toBeVisible({ timeout: 30_000 })
    await expect(progress).toHaveCount(0)
    const [, deletedText, restText] = /^([\d,]+) of 3,000 conversations deleted; the other ([\d,]+) were not\.$/.exec(
      await stopped.innerText()
    )!
    const deleted = Number(deletedText!.replace(/,/g, ''))
    const rest = Number(restText!.replace(/,/g, ''))
    expect(deleted % 1000).toBe(0)
    expect(deleted).toBeLessThan(3000)
    expect(deleted + rest).toBe(3000)
    // The list counts exactly the rest, and they stay selected for another try.
    const restShown = rest.toLocaleString('en-US')
    await expect(page.getByTestId('inbox-count')).toHaveText(`${restShown} inboxes`)
    await expect(bar.getByText(`${restShown} selected`, { exact: true })).toBeVisible()
    const res = await fetch(`${serve.url}/v2/all_inboxes_paginated?limit=1`, { headers: { Authorization: `Bearer ${serve.token}` } })
    expect(((await res.json()) as { total_count: number }).total_count).toBe(rest)
  } finally {
    serve.child.kill('SIGTERM')
    await serve.exited
    rmSync(dataDir, { recursive: true, force: true })
  }
})
