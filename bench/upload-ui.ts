/*
 * Files page: uploading N small .txt files picked at once, through a headless node, in Chromium.
 * `npx tsx bench/upload-ui.ts [n]`: prints files/s (the window's queue, the node's upload_file_to_folder).
 */
import { chromium } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser'
import { startServe } from '../test/support/serve-process'

export async function benchUploadUi(n: number): Promise<{ files: number; seconds: number; filesPerSecond: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nodedesk-bench-upload-'))
  const serve = await startServe(['--port', '0', '--data-dir', dataDir])
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })
    await page.goto(serve.uiUrl)
    await page.evaluate("location.hash = '#/files'")
    await page.getByTestId('files-empty').waitFor()
    const files = Array.from({ length: n }, (_, i) => ({
      name: `note-${String(i).padStart(5, '0')}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`Note ${i}: the quarterly figures for region ${i % 17} were reviewed on day ${i % 31}.\n`.repeat(8))
    }))
    const start = Date.now()
    await page.locator('input[type=file]').first().setInputFiles(files)
    await page.getByText(`${n.toLocaleString('en-US')} of ${n.toLocaleString('en-US')} files uploaded`).waitFor({ timeout: 30 * 60_000 })
    const seconds = (Date.now() - start) / 1000
    return { files: n, seconds, filesPerSecond: n / seconds }
  } finally {
    await browser.close()
    serve.child.kill('SIGTERM')
    await serve.exited
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[1]?.endsWith('upload-ui.ts'))
  void benchUploadUi(Number(process.argv[2] ?? 2000)).then((r) => {
    console.log(`${r.files} files in ${r.seconds.toFixed(1)} s: ${r.filesPerSecond.toFixed(1)} files/s`)
    process.exit(0)
  })
