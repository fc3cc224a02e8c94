/*
 * Files page: uploading N small .txt files picked at once, through a headless node, in Chromium.
 * `npx tsx bench/upload-ui.ts [n] [--folders f]`: prints files/s (the window's queue, the node's upload_file_to_folder).
 * With `--folders f`: a folder on disk holding the n files in f subfolders, picked with Upload folder (its
 * folders are made first, then its files queued), timed from the pick to the summary's last count.
 */
import { chromium } from '@playwright/test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser'
import { startServe } from '../test/support/serve-process'

export async function benchUploadUi(n: number, folders = 0): Promise<{ files: number; seconds: number; filesPerSecond: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nodedesk-bench-upload-'))
  const onDisk = mkdtempSync(join(tmpdir(), 'nodedesk-bench-folder-'))
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
    let start: number
    if (folders > 0) {
      // Bench/part-NN/note-NNNNN.txt: the folder picked, its f folders made before any file is sent.
      const root = join(onDisk, 'Bench')
      files.forEach((f, i) => {
        const dir = join(root, `part-${String(i % folders).padStart(2, '0')}`)
        mkdirSync(dir, { recursive: true })
        writeFileSync(join(dir, f.name), f.buffer)
      })
      const chooser = page.waitForEvent('filechooser')
      await page.evaluate(() => 0)
      start = Date.now()
      await page.getByRole('button', { name: 'Upload folder' }).click()
      await (await chooser).setFiles(root)
    } else {
      start = Date.now()
      await page.locator('input[type=file]').first().setInputFiles(files)
    }
    await page.getByText(`${n.toLocaleString('en-US')} of ${n.toLocaleString('en-US')} files uploaded`).waitFor({ timeout: 30 * 60_000 })
    const seconds = (Date.now() - start) / 1000
    return { files: n, seconds, filesPerSecond: n / seconds }
  } finally {
    await browser.close()
    serve.child.kill('SIGTERM')
    await serve.exited
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(onDisk, { recursive: true, force: true })
  }
}

if (process.argv[1]?.endsWith('upload-ui.ts'))
  void benchUploadUi(
    Number(process.argv.slice(2).find((a, i, all) => /^\d+$/.test(a) && all[i - 1] !== '--folders') ?? 2000),
    process.argv.includes('--folders') ? Number(process.argv[process.argv.indexOf('--folders') + 1]) : 0
  ).then((r) => {
    console.log(`${r.files} files in ${r.seconds.toFixed(1)} s: ${r.filesPerSecond.toFixed(1)} files/s`)
    process.exit(0)
  })
