import { chromium } from '@playwright/test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { aesFileSecretBox } from '../src/main/store/secret-box'
import { openStore } from '../src/main/store'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser'
import { provider } from '../test/support/fixtures'
import { startFakeLlm } from '../test/support/fake-llm'
import { startServe } from '../test/support/serve-process'
import { quietMachine } from './quiet-machine'
import { seedInboxes } from './seed'
import { startFloor, stopped } from './throughput'

export interface UiFigures {
  readonly inboxes: number
  /** Median ms from navigation start to the first inbox row painted, in a page whose renderer has started. */
  readonly firstRowMs: number
  /**
   * The floor for it, measured the same way in the same run: a bare page (bench/floor-server.mjs page)
   * that trades a code for a cookie, reads the node's own first page (the same bytes) and adds a row to
   * the DOM for each inbox: no framework, no stylesheet. What this machine's Chromium takes for the least
   * a first screen does; the app's own weight is the rest.
   */
  readonly firstRowFloorMs: number
  /** The same, navigating the moment Playwright's new page exists (its first renderer still starting). */
  readonly firstRowFreshPageMs: number
  /**
   * The same for an open window reloaded: the browser keeps the app's files and the code it compiled
   * from them, as the desktop app's profile does between starts. For comparison: the target's figure is
   * the first one, with nothing kept.
   */
  readonly firstRowReloadMs: number
  readonly domRows: number
  /** Bytes the window received from sending one question until its answer shows (events included). */
  readonly questionBytes: number
}

/**
 * A headless node on a data dir seeded through the store with `n` inboxes (a question and an answer
 * each), plus one job on a live provider; then Chromium: first row, and one question answered.
 */
const FIRST_ROW = 'nodedesk-bench-first-row'
const firstRowProbe = `new MutationObserver((_, obs) => {
  if (document.querySelector('[data-testid="inbox-row"]')) { console.debug('${FIRST_ROW} ' + performance.now()); obs.disconnect() }
}).observe(document, { childList: true, subtree: true })`

export async function benchUi(n: number, runs = 5): Promise<UiFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nodedesk-bench-ui-'))
  const store = openStore(dataDir, aesFileSecretBox(join(dataDir, 'secret.key')))
  seedInboxes(store, { inboxes: n, messagesPerInbox: 2 })
  store.close()
  const fake = await startFakeLlm()
  fake.behaviour = { type: 'reply', chunks: ['Here is a short answer for the preview.'] }
  const serve = await startServe(['--port', '0', '--data-dir', dataDir])
  const post = (path: string, body: unknown) =>
    fetch(`${serve.url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${serve.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body)
    }).then((r) => r.json() as Promise<{ job_id: string }>)
  await post('/v2/add_llm_provider', provider('live', { external_url: fake.url, api_key: 'k' }))
  const { job_id } = await post('/v2/create_job', {
    llm_provider: 'live',
    job_creation_info: { scope: { local_vrkai: [], local_vrpack: [], network_folders: [], vector_fs_folders: [], vector_fs_items: [] } }
  })

  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  let domRows = 0
  /** `address`: another page's (the floor's); the app's by default, a new code each time. */
  const firstRow = async (settleMs: number, address?: () => Promise<string>) => {
    const times: number[] = []
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
      // Measured in the page: navigation start to the moment the first row enters the DOM (a
      // MutationObserver installed before any script of the page runs), reported on the console:
      // waiting for it with a locator would have Playwright put its 330 KB selector script into the
      // page while the page loads, which took 15-20 ms of the page's main thread.
      await page.addInitScript(firstRowProbe)
      const reported = new Promise<number>((resolve) =>
        page.on('console', (m) => {
          const [tag, ms] = m.text().split(' ')
          if (tag === FIRST_ROW) resolve(Number(ms))
        })
      )
      // Playwright's new page starts a renderer for its about:blank, and the navigation runs in another:
      // right after newPage() the first is still starting up (280-390 ms of CPU, read from /proc) while
      // the app loads, and on 2 cores that halves the page's share. The figure the target applies to
      // lets it finish first, as when a window already open navigates or reloads; the other figure,
      // navigating at once, is printed beside it.
      if (settleMs) {
        await page.waitForTimeout(settleMs)
        const { quiet, waitedMs } = await quietMachine()
        if (!quiet) console.warn(`UI bench: the machine stayed busy for ${(waitedMs / 1000).toFixed(0)} s; this run is measured anyway`)
      }
      await page.goto(await (address ?? serve.newUiUrl)()) // a code works once: one per page
      times.push(await reported)
      if (!address) domRows = await page.getByTestId('inbox-row').count()
      await page.close()
    }
    return median(times)
  }
  /** One page opened once, then reloaded `runs` times (the session outlives a reload: no new code). */
  const reloaded = async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.addInitScript(firstRowProbe)
    let seen: (ms: number) => void = () => {}
    page.on('console', (m) => {
      const [tag, ms] = m.text().split(' ')
      if (tag === FIRST_ROW) seen(Number(ms))
    })
    const next = () => new Promise<number>((resolve) => (seen = resolve))
    let shown = next()
    await page.goto(await serve.newUiUrl())
    await shown
    const times: number[] = []
    for (let i = 0; i < runs; i++) {
      await page.waitForTimeout(1500)
      shown = next()
      await page.reload()
      times.push(await shown)
    }
    await page.close()
    return median(times)
  }
  const firstRowMs = await firstRow(1500)
  // The floor serves the node's first page as the window reads it.
  const firstPage = await fetch(`${serve.url}/v2/all_inboxes_paginated?limit=50&show_hidden=false&pinned=false`, {
    headers: { Authorization: `Bearer ${serve.token}` }
  }).then((r) => r.arrayBuffer())
  const pageFile = join(dataDir, 'floor-page.json')
  writeFileSync(pageFile, Buffer.from(firstPage))
  const floor = await startFloor(['page', pageFile])
  const firstRowFloorMs = await firstRow(1500, () => Promise.resolve(floor.url))
  await stopped(floor.child)
  const firstRowFreshPageMs = await firstRow(0)
  const firstRowReloadMs = await reloaded()

  // One question and its answer in the open inbox, the list visited first (as a user does): every byte
  // the window receives meanwhile, the event stream's included, counted by Chromium's network domain.
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await page.goto(await serve.newUiUrl())
  await page.getByTestId('inbox-row').first().waitFor()
  await page.goto(`${serve.url}/#/inboxes/${encodeURIComponent(`job_inbox::${job_id}::false`)}`)
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  await box.waitFor()
  await page.waitForTimeout(500)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  let questionBytes = 0
  cdp.on('Network.dataReceived', (e: { dataLength: number }) => (questionBytes += e.dataLength))
  await box.fill('What changed in the report?')
  await page.keyboard.press('Enter')
  await page.getByTestId('message-answer').filter({ hasText: 'Here is a short answer' }).first().waitFor()
  await page.waitForTimeout(1000) // late refetches after the answer count too
  await page.close()

  await browser.close()
  serve.child.kill('SIGTERM')
  await serve.exited
  await fake.close()
  rmSync(dataDir, { recursive: true, force: true })
  return { inboxes: n, firstRowMs, firstRowFloorMs, firstRowFreshPageMs, firstRowReloadMs, domRows, questionBytes }
}
