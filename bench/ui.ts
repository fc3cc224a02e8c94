import { chromium } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser'
import { provider } from '../test/support/fixtures'
import { startFakeLlm } from '../test/support/fake-llm'
import { startServe } from '../test/support/serve-process'

export interface UiFigures {
  readonly inboxes: number
  /** Median ms from navigation start to the first inbox row painted. */
  readonly firstRowMs: number
  readonly domRows: number
}

/** A headless node seeded with `n` inboxes (each with a question and its answer), then Chromium. */
export async function benchUi(n: number, runs = 5): Promise<UiFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nodedesk-bench-ui-'))
  const fake = await startFakeLlm()
  fake.behaviour = { type: 'reply', chunks: ['Here is a short answer for the preview.'] }
  const serve = await startServe(['--port', '0', '--data-dir', dataDir])
  const post = (path: string, body: unknown) =>
    fetch(`${serve.url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${serve.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body)
    }).then((r) => r.json() as Promise<{ job_id: string }>)
  await post('/v2/add_llm_provider', provider('bench', { external_url: fake.url, api_key: 'k' }))
  let next = 0
  const worker = async () => {
    while (next < n) {
      const i = next++
      const { job_id } = await post('/v2/create_job', {
        llm_provider: 'bench',
        job_creation_info: { scope: { local_vrkai: [], local_vrpack: [], network_folders: [], vector_fs_folders: [], vector_fs_items: [] } }
      })
      await post('/v2/job_message', { job_id, content: `Question number ${i}: what changed in the report?` })
    }
  }
  await Promise.all(Array.from({ length: 16 }, worker))
  // Measure a quiet node: every seeded question answered and stored first.
  while (fake.requests.filter((r) => r.method === 'POST').length < n) await new Promise((r) => setTimeout(r, 100))
  await new Promise((r) => setTimeout(r, 1000))

  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const times: number[] = []
  let domRows = 0
  for (let i = 0; i < runs; i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    // Measured in the page: navigation start to the moment the first row enters the DOM
    // (a MutationObserver installed before any script of the page runs).
    await page.addInitScript(`new MutationObserver((_, obs) => {
      if (document.querySelector('[data-testid="inbox-row"]')) { window.__firstRow = performance.now(); obs.disconnect() }
    }).observe(document, { childList: true, subtree: true })`)
    await page.goto(await serve.newUiUrl()) // a code works once: one per page
    await page.getByTestId('inbox-row').first().waitFor()
    times.push(await page.evaluate('window.__firstRow'))
    domRows = await page.getByTestId('inbox-row').count()
    await page.close()
  }
  await browser.close()
  serve.child.kill('SIGTERM')
  await serve.exited
  await fake.close()
  rmSync(dataDir, { recursive: true, force: true })
  times.sort((a, b) => a - b)
  return { inboxes: n, firstRowMs: times[Math.floor(times.length / 2)]!, domRows }
}
