/**
 * A library folder of 20,000 files, as the window meets it:
 *   retrieve_path_simplified depth 0 of that folder over HTTP (the contract's listing is one answer,
 *     unpaged)  vs  a bare http.createServer answering the same bytes
 *   Chromium: click on the folder in the Files tree -> its first file row drawn (listing fetched,
 *     parsed, rows laid out), and the tree rows in the DOM then
 * `npx tsx bench/library-ui.ts` runs it alone; `npm run bench` runs it with the rest.
 */
import { chromium } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { assembleNode } from '../src/main/embedded-node'
import { silentLogger } from '../src/main/platform/logger'
import { openStore } from '../src/main/store'
import { aesFileSecretBox } from '../src/main/store/secret-box'
import { copyFirstFile, seededFileName as fileName } from './seed'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser'
import { provider } from '../test/support/fixtures'
import { startServe } from '../test/support/serve-process'

export interface LibraryUiFigures {
  readonly files: number
  readonly listingMs: number
  readonly listingBytes: number
  readonly bareServerMs: number
  /** Median over fresh pages: click on the folder -> first file row in the DOM and painted. */
  readonly openMs: number
  readonly domRows: number
}

/** A data dir with /Big holding `files` files: one uploaded through the API, the others its copies under other names. */
async function seed(dataDir: string, files: number) {
  const store = openStore(dataDir, aesFileSecretBox(join(dataDir, 'secret.key')))
  const api = assembleNode(store, { version: 'bench', log: silentLogger })
  await api.router.handle({ method: 'POST', path: '/v2/create_folder', body: { path: '/', folder_name: 'Big' } })
  const res = await api.router.handle({
    method: 'POST',
    path: '/v2/upload_file_to_folder',
    body: { path: '/Big', filename: fileName(1), file_data: new TextEncoder().encode('A note.') }
  })
  if (res.status !== 200) throw new Error(JSON.stringify(res.body))
  copyFirstFile(store.db, ['Big'], files)
  await api.ctx.vectorFs.close()
  store.close()
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

async function timeFetch(url: string, headers: Record<string, string>, runs: number) {
  const times: number[] = []
  let bytes = 0
  for (let i = 0; i < runs + 2; i++) {
    const t = performance.now()
    const body = await (await fetch(url, { headers })).arrayBuffer()
    if (i >= 2) times.push(performance.now() - t) // two warm-ups
    bytes = body.byteLength
  }
  return { ms: median(times), bytes }
}

export async function benchLibraryUi(files = 20_000, runs = 5): Promise<LibraryUiFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nodedesk-bench-library-'))
  await seed(dataDir, files)
  const serve = await startServe(['--port', '0', '--data-dir', dataDir])
  // A provider, so the window opens on its pages rather than the first-run wizard.
  await fetch(`${serve.url}/v2/add_llm_provider`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${serve.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(provider('gpt', { api_key: 'sk-bench' }))
  })
  const listingUrl = `${serve.url}/v2/retrieve_path_simplified?path=%2FBig&depth=0`
  const listing = await timeFetch(listingUrl, { Authorization: `Bearer ${serve.token}` }, runs)

  const same = Buffer.from(await (await fetch(listingUrl, { headers: { Authorization: `Bearer ${serve.token}` } })).arrayBuffer())
  const bare = createServer((_, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(same))
  await new Promise<void>((done) => bare.listen(0, '127.0.0.1', done))
  const bareRun = await timeFetch(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`, {}, runs)
  bare.close()

  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const times: number[] = []
  let domRows = 0
  for (let i = 0; i < runs; i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(await serve.newUiUrl())
    await page.getByRole('link', { name: 'Files' }).click()
    await page.getByRole('treeitem', { name: 'Big', exact: true }).waitFor()
    // Measured in the page: the click, then the first file row entering the DOM, then the next frame (painted).
    // (A script string: this file is type-checked without the DOM's types.)
    const first = JSON.stringify(`[data-testid="tree-row"][data-path="/Big/${fileName(1)}"]`)
    times.push(
      Number(
        await page.evaluate(`new Promise((done, fail) => {
          const t0 = performance.now()
          setTimeout(() => fail(new Error('the folder\\'s first file row never showed')), 30000)
          new MutationObserver((_, obs) => {
            if (!document.querySelector(${first})) return
            obs.disconnect()
            requestAnimationFrame(() => done(performance.now() - t0))
          }).observe(document.body, { childList: true, subtree: true })
          // The row is the tree item (its only button is the row's menu).
          document.querySelector('[data-testid="tree-row"][data-path="/Big"]').click()
        })`)
      )
    )
    domRows = await page.getByTestId('tree-row').count()
    await page.close()
  }
  await browser.close()
  serve.child.kill('SIGTERM')
  await serve.exited
  rmSync(dataDir, { recursive: true, force: true })
  return { files, listingMs: listing.ms, listingBytes: listing.bytes, bareServerMs: bareRun.ms, openMs: median(times), domRows }
}

if (process.argv[1]?.endsWith('library-ui.ts'))
  void benchLibraryUi().then((f) => {
    console.log(
      `retrieve_path_simplified depth 0, ${f.files} files: ${f.listingMs.toFixed(1)} ms, ${(f.listingBytes / 1024 / 1024).toFixed(2)} MB (bare server, same bytes: ${f.bareServerMs.toFixed(1)} ms)`
    )
    console.log(`Chromium: click on the folder -> first file row painted: ${f.openMs.toFixed(0)} ms; tree rows in the DOM: ${f.domRows}`)
  })
