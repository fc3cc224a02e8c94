import { spawn } from 'node:child_process'
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './serve-process'

/** The third-party `@dwmkerr/mock-llm` server, run as a child process on a free loopback port. */
export interface MockLlm {
  /** Its API base, e.g. http://127.0.0.1:41234/v1 */
  readonly url: string
  close(): Promise<void>
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((r) => probe.close(() => r()))
  return port
}

/**
 * Starts mock-llm (its bin, node_modules/.bin/mock-llm) with its default rules (it echoes the last
 * user message) or with `configYaml`, in a folder of its own so no stray mock-llm.yaml is read.
 */
export async function startMockLlm(configYaml?: string): Promise<MockLlm> {
  const dir = mkdtempSync(join(tmpdir(), 'mock-llm-'))
  const args: string[] = []
  if (configYaml) {
    writeFileSync(join(dir, 'mock-llm.yaml'), configYaml)
    args.push('--config', join(dir, 'mock-llm.yaml'))
  }
  const port = await freePort()
  // Its bin script, run by this Node (not whichever `node` is first on PATH).
  const bin = realpathSync(join(ROOT, 'node_modules/.bin/mock-llm'))
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: dir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  child.stdout.on('data', (c) => (out += c))
  child.stderr.on('data', (c) => (out += c))
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
  const started = Date.now()
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`)
      if (res.ok) break
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null || Date.now() - started > 20_000) {
      await close()
      throw new Error(`mock-llm did not start:\n${out}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return { url: `http://127.0.0.1:${port}/v1`, close }
}
