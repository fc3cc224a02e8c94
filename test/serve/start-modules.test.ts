import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { tempDir } from '../support/node'
import { ROOT } from '../support/serve-process'

/*
 * Headless start loads what its first requests need, not what answers and documents need: the
 * provider SDKs and the document parsers load on first use (each was tens of ms of a start).
 */

it('a started headless node has loaded no provider SDK and no document parser once it answers', async () => {
  const { dir, cleanup } = tempDir('nodedesk-start-modules-')
  try {
    // Runs the built entry in this script's process, then lists the modules loaded once the node answers.
    const probe = join(dir, 'probe.cjs')
    writeFileSync(
      probe,
      `const log = console.log
console.log = (...args) => {
  log(...args)
  const m = /http:\\/\\/127\\.0\\.0\\.1:(\\d+)/.exec(String(args[0]))
  if (!m || !String(args[0]).includes('listening')) return
  fetch('http://127.0.0.1:' + m[1] + '/v2/health_check').then((r) => {
    log('MODULES ' + JSON.stringify({ status: r.status, loaded: Object.keys(require.cache) }))
    process.exit(0)
  })
}
require(${JSON.stringify(join(ROOT, 'out/main/serve.js'))})
`
    )
    const child = spawn(process.execPath, [probe, '--port', '0', '--data-dir', join(dir, 'data')], {
      env: { ...process.env, NODEDESK_API_TOKEN: 't'.repeat(40) },
      stdio: ['ignore', 'pipe', 'inherit']
    })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    await new Promise((done) => child.on('exit', done))
    const line = out.split('\n').find((l) => l.startsWith('MODULES '))
    expect(line, out).toBeDefined()
    const { status, loaded } = JSON.parse(line!.slice('MODULES '.length)) as { status: number; loaded: string[] }
    expect(status).toBe(200)
    // What it did load: the bundle and the database (the probe sees the real module list).
    expect(loaded.some((f) => f.includes('better-sqlite3'))).toBe(true)
    for (const lazy of ['@ai-sdk/openai', '@ai-sdk/anthropic', '@ai-sdk/google', 'ollama-ai-provider-v2', 'unpdf', 'mammoth', 'fflate'])
      expect(loaded.filter((f) => f.includes(`node_modules/${lazy}/`))).toEqual([])
    // zod is bundled into the main build (electron.vite.config.ts): its CommonJS build is 95 files,
    // 62 of them locales, 50-70 ms of a start before a single schema was built.
    expect(loaded.filter((f) => f.includes('node_modules/zod/'))).toEqual([])
  } finally {
    cleanup()
  }
})
