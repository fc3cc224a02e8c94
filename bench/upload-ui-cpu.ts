/*
 * Files page: the renderer's CPU time while uploading N small files (`npx tsx bench/upload-ui-cpu.ts [n]`).
 * Prints the main thread's script and task time (CDP Performance metrics) per file, and the functions with the most
 * self-time (CDP Profiler): wall time on a shared machine says little, the renderer's own CPU time does.
 */
import { chromium } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser'
import { startServe } from '../test/support/serve-process'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}

async function main(n: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nodedesk-bench-upload-'))
  const serve = await startServe(['--port', '0', '--data-dir', dataDir])
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })
    await page.goto(serve.uiUrl)
    await page.evaluate("location.hash = '#/files'")
    await page.getByTestId('files-empty').waitFor()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable')
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 })
    const files = Array.from({ length: n }, (_, i) => ({
      name: `note-${String(i).padStart(5, '0')}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`Note ${i}: the quarterly figures for region ${i % 17}.\n`.repeat(8))
    }))
    const metric = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics')
      const get = (k: string) => metrics.find((m) => m.name === k)?.value ?? 0
      return { script: get('ScriptDuration'), task: get('TaskDuration'), layout: get('LayoutDuration') }
    }
    // The renderer's own CPU time (user + system), as the OS counts it: the other figures are the main thread's busy time.
    const browserCdp = await browser.newBrowserCDPSession()
    const rendererCpu = async () => {
      const { processInfo } = (await browserCdp.send('SystemInfo.getProcessInfo')) as {
        processInfo: { type: string; cpuTime: number }[]
      }
      return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0)
    }
    const cpuBefore = await rendererCpu()
    const before = await metric()
    await cdp.send('Profiler.start')
    const start = Date.now()
    await page.locator('input[type=file]').first().setInputFiles(files)
    await page.getByText(`${n.toLocaleString('en-US')} of ${n.toLocaleString('en-US')} files uploaded`).waitFor({ timeout: 30 * 60_000 })
    const seconds = (Date.now() - start) / 1000
    const { profile } = await cdp.send('Profiler.stop')
    const after = await metric()
    const cpu = (await rendererCpu()) - cpuBefore
    const self = new Map<number, number>()
    const dt = profile.timeDeltas ?? []
    ;(profile.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)))
    const byFn = new Map<string, number>()
    for (const node of profile.nodes as ProfileNode[]) {
      const f = node.callFrame
      const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
      byFn.set(key, (byFn.get(key) ?? 0) + (self.get(node.id) ?? 0))
    }
    const top = [...byFn]
      .filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
    const script = after.script - before.script
    const task = after.task - before.task
    console.log(`renderer CPU (user+sys) ${cpu.toFixed(2)} s: ${((cpu / n) * 1000).toFixed(3)} ms/file`)
    console.log(
      `${n} files in ${seconds.toFixed(1)} s wall; renderer script ${script.toFixed(2)} s (${((script / n) * 1000).toFixed(3)} ms/file), task ${task.toFixed(2)} s (${((task / n) * 1000).toFixed(3)} ms/file)`
    )
    for (const [k, us] of top) console.log(`  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`)
  } finally {
    await browser.close()
    serve.child.kill('SIGTERM')
    await serve.exited
    rmSync(dataDir, { recursive: true, force: true })
  }
}

void main(Number(process.argv[2] ?? 1000)).then(() => process.exit(0))
