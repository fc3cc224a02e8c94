import { expect, test, type Page, type Request } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedInboxes } from '../bench/seed'
import { openStore } from '../src/main/store'
import { aesFileSecretBox } from '../src/main/store/secret-box'
import { startServe } from '../test/support/serve-process'
import { holdRequests } from './held-requests'

/** The page's requests to `paths` sent and neither answered nor given up: each holds one of the browser's connections to the node. */
function inFlight(page: Page, paths: readonly string[]): Set<Request> {
  const open = new Set<Request>()
  const ours = (r: Request) => paths.includes(new URL(r.url()).pathname)
  page.on('request', (r) => ours(r) && open.add(r))
  page.on('requestfinished', (r) => open.delete(r))
  page.on('requestfailed', (r) => open.delete(r))
  return open
}

async function withNode(run: (uiUrl: string) => Promise<void>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'nodedesk-e2e-reads-cut-'))
  const store = openStore(dataDir, aesFileSecretBox(join(dataDir, 'secret.key')))
  seedInboxes(store, { inboxes: 30, messagesPerInbox: 2 })
  store.close()
  const serve = await startServe(['--port', '0', '--data-dir', dataDir])
  try {
    await run(serve.uiUrl)
  } finally {
    serve.child.kill('SIGTERM')
    await serve.exited
    rmSync(dataDir, { recursive: true, force: true })
  }
}

test('searches typed over one another leave no earlier search open, and the last one shows its results', async ({ page }) => {
  await withNode(async (uiUrl) => {
    await page.goto(uiUrl)
    const rows = page.getByTestId('inbox-row')
    await expect(rows.first()).toBeVisible()
    const word = ((await rows.first().textContent()) ?? '').trim().split(/\s+/)[0]!
    // The node is slow to answer every search but the last: each earlier one stays unanswered.
    const release = await holdRequests(page, (url) => url.pathname === '/v2/search_inboxes' && url.searchParams.get('q') !== word)
    const open = inFlight(page, ['/v2/search_inboxes'])
    const box = page.getByLabel('Search inboxes')
    for (const q of ['qz', 'qzx', 'qzxv', 'qzxvw']) {
      const sent = page.waitForRequest((r) => new URL(r.url()).searchParams.get('q') === q)
      await box.fill(q)
      await sent
    }
    await box.fill(word)
    await expect(page.getByText(/of 30 inboxes/)).toBeVisible()
    await expect(rows.filter({ hasText: word }).first()).toBeVisible()
    await expect.poll(() => open.size).toBe(0)
    release()
  })
})

test('a conversation left before its messages came leaves no read open, and shows its messages when opened again', async ({ page }) => {
  await withNode(async (uiUrl) => {
    await page.goto(uiUrl)
    const link = (n: number) => page.locator(`a[href="#/inboxes/${encodeURIComponent(`job_inbox::jobid_seed_${n}::false`)}"]`).first()
    await expect(link(29)).toBeVisible()
    // The conversation's reads (the inbox, its messages) are held by a slow node.
    const reads = ['/v2/get_inbox', '/v2/last_messages']
    const open = inFlight(page, reads)
    let holding = true
    const release = await holdRequests(page, (url) => reads.includes(url.pathname) && holding)
    await link(29).click()
    await expect.poll(() => open.size).toBe(2)
    // Another conversation is opened before the node answered for the first one.
    holding = false
    await link(28).click()
    await expect(page.getByTestId('message-question')).toHaveCount(1)
    await expect(page.getByTestId('message-answer')).toHaveCount(1)
    await expect.poll(() => open.size).toBe(0)
    release()
    // Back to the first: its messages are read again and shown.
    await link(29).click()
    await expect(page.getByTestId('inbox-title')).toContainText('29')
    await expect(page.getByTestId('message-question')).toHaveCount(1)
    await expect(page.getByTestId('message-answer')).toHaveCount(1)
  })
})
