import { expect, test } from '@playwright/test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedInboxes } from '../bench/seed'
import { openStore } from '../src/main/store'
import { aesFileSecretBox } from '../src/main/store/secret-box'
import { startServe } from '../test/support/serve-process'
import { showJobInbox } from './pages/inbox'

/*
 * The window's export of a long conversation with a name no file system takes as it is: 5,000 messages, 100 of
 * them 100 KB, saved through the browser's download. The file Chromium saves has the name the node gave
 * (Chromium dropped a leading dot and wrote an emoji's zero-width joiners as `_`), holds every message, and the
 * page is not frozen while it comes.
 */
test('a conversation of 5,000 messages with an awkward name downloads whole, under the node’s name, without freezing the page', async ({
  page
}) => {
  test.setTimeout(240_000)
  const dataDir = mkdtempSync(join(tmpdir(), 'nodedesk-e2e-export-'))
  const name = '.~Plan: <a/b> "CON" 👨\u200d👩\u200d👧 notes?'
  const store = openStore(dataDir, aesFileSecretBox(join(dataDir, 'secret.key')))
  seedInboxes(store, { inboxes: 1, messagesPerInbox: 5000 })
  const inbox = 'job_inbox::jobid_seed_0::false'
  store.db.prepare('UPDATE inboxes SET custom_name = ? WHERE id = ?').run(name, inbox)
  store.db
    .prepare(`UPDATE messages SET message_json = json_set(message_json, '$.job_message.content', ?) WHERE inbox_id = ? AND rowid % 50 = 0`)
    .run('big '.repeat(25_600), inbox)
  store.close()
  const serve = await startServe(['--port', '0', '--data-dir', dataDir])
  try {
    const res = await fetch(`${serve.url}/v2/export_messages_from_inbox`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${serve.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ inbox_name: inbox, format: 'json' })
    })
    const { filename } = (await res.json()) as { filename: string }
    expect(filename).toBe('_Plan_ _a_b_ _CON_ 👨👩👧 notes_.json')

    await page.goto(serve.uiUrl)
    await showJobInbox(page, 'jobid_seed_0')
    await expect(page.getByTestId('inbox-title')).toBeVisible()
    // The conversation's last messages drawn first: their rendering is not the export's.
    await page.waitForTimeout(2000)
    // The longest task the page runs from here on.
    await page.evaluate(() => {
      const w = window as unknown as { longestTask: number }
      w.longestTask = 0
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longestTask = Math.max(w.longestTask, e.duration)
      }).observe({ type: 'longtask' })
    })
    const download = page.waitForEvent('download', { timeout: 120_000 })
    await page.getByRole('button', { name: 'Conversation actions' }).click()
    await page.getByRole('menuitem', { name: 'Export as JSON' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe(filename)
    const messages = JSON.parse(readFileSync(await file.path(), 'utf8')) as { job_message: { content: string } }[]
    expect(messages).toHaveLength(5000)
    expect(messages.filter((m) => m.job_message.content.length > 100_000)).toHaveLength(100)
    const longest = await page.evaluate(() => (window as unknown as { longestTask: number }).longestTask)
    console.log(`longest task while exporting: ${Math.round(longest)} ms`)
    // 370-590 ms measured on a loaded 2-core machine while the export was read on the window's thread; now read in a
    // worker (export-responsive.spec.ts holds it under 200 ms): the bound here is a frozen page, with room for CI.
    expect(longest).toBeLessThan(2000)
  } finally {
    serve.child.kill('SIGTERM')
    await serve.exited
    rmSync(dataDir, { recursive: true, force: true })
  }
})
