import { expect, test } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedInboxes } from '../bench/seed'
import { openStore } from '../src/main/store'
import { aesFileSecretBox } from '../src/main/store/secret-box'
import { startFakeLlm } from '../test/support/fake-llm'
import { providerBody, emptyScope } from './seed'
import { startServe } from '../test/support/serve-process'
import { InboxListPage } from './pages/inbox'

test('100,000 inboxes: first row, scroll to the end, search, open, delete, while a script writes messages; no failed request', async ({
  page
}) => {
  test.setTimeout(300_000)
  const dataDir = mkdtempSync(join(tmpdir(), 'nodedesk-e2e-scale-'))
  // Seeded through the store (seconds), then the node started on it.
  const store = openStore(dataDir, aesFileSecretBox(join(dataDir, 'secret.key')))
  seedInboxes(store, { inboxes: 100_000, messagesPerInbox: 2 })
  store.close()
  const fake = await startFakeLlm()
  fake.behaviour = { type: 'reply', chunks: ['ok'] }
  const serve = await startServe(['--port', '0', '--data-dir', dataDir])
  const api = async <T>(path: string, body?: unknown) => {
    const res = await fetch(`${serve.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${serve.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    return (await res.json()) as T
  }
  let writing = true
  let written = 0
  let writer: Promise<void> = Promise.resolve()
  try {
    await api('/v2/add_llm_provider', providerBody('live', fake.url))
    const live: string[] = []
    for (let i = 0; i < 10; i++)
      live.push(
        (await api<{ job_id: string }>('/v2/create_job', { llm_provider: 'live', job_creation_info: { scope: emptyScope } })).job_id
      )
    // A script writing messages to those jobs all along (about 100 a second).
    writer = (async () => {
      while (writing) {
        await Promise.all(live.map((job_id) => api('/v2/job_message', { job_id, content: `note ${written++}` })))
        await new Promise((r) => setTimeout(r, 100))
      }
    })()

    const failed: string[] = []
    page.on('requestfailed', (r) => {
      failed.push(`${r.url()} ${r.failure()?.errorText}`)
    })
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.url()} ${r.status()}`)
    })
    const list = new InboxListPage(page)
    await page.goto(serve.uiUrl)
    await expect(list.rows().first()).toBeVisible()
    await expect(page.getByText('100,010 inboxes')).toBeVisible()

    // The end of the list: the scrollbar spans every inbox; the rows there are read by place (one
    // request, not the 2,000 pages before them), and the DOM stays small.
    const scroller = page.getByTestId('inbox-scroll')
    const oldest = (await api<{ custom_name: string }>('/v2/get_inbox?inbox_name=' + encodeURIComponent('job_inbox::jobid_seed_0::false')))
      .custom_name
    let pageReads = 0
    const countReads = (r: { url(): string }) => void (r.url().includes('all_inboxes_paginated') && pageReads++)
    page.on('request', countReads)
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
    await expect(list.rows().filter({ hasText: oldest })).toBeVisible({ timeout: 5000 })
    await expect(page.getByTestId('inbox-placeholder')).toHaveCount(0)
    page.off('request', countReads)
    expect(pageReads).toBeLessThanOrEqual(3)
    expect(await page.locator('[role="listitem"]').count()).toBeLessThan(100)
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }))
    await expect(list.rows().first()).toBeVisible()

    // Search by a seeded inbox's name: the node finds it, its words marked.
    const target = await api<{ custom_name: string }>('/v2/get_inbox?inbox_name=' + encodeURIComponent('job_inbox::jobid_seed_4242::false'))
    await page.getByLabel('Search inboxes').fill(target.custom_name)
    const hit = page.getByRole('listitem').filter({ hasText: target.custom_name })
    await expect(hit).toHaveCount(1)
    await expect(hit.locator('mark').first()).toBeVisible()

    // Open it, come back, delete it.
    await hit.getByTestId('inbox-row').click()
    await expect(page.getByTestId('inbox-title')).toHaveText(target.custom_name)
    await page.goBack()
    await page.getByRole('button', { name: `Actions for ${target.custom_name}` }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(hit).toHaveCount(0)
    await page.getByRole('button', { name: 'Clear search' }).click()
    await expect(page.getByText('100,009 inboxes')).toBeVisible()
    expect(written).toBeGreaterThan(50)
    expect(failed).toEqual([])
  } finally {
    writing = false
    await writer.catch(() => {})
    serve.child.kill('SIGTERM')
    await serve.exited
    await fake.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
