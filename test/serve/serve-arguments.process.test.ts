import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ROOT } from '../support/serve-process'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'nodedesk-args-'))
  dirs.push(d)
  return d
}

/** `npm run serve`'s script run as a terminal would, until it exits (a node that starts is killed after 8 s). */
function serveOnce(args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/serve.mjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODEDESK_API_TOKEN: '' },
    timeout: 8_000,
    killSignal: 'SIGKILL'
  })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, firstLine: r.stderr.split('\n')[0] }
}

/** A refusal: not started, non-zero, a first line saying what is wrong, and no stack trace. */
function expectRefused(r: ReturnType<typeof serveOnce>, firstLine: string) {
  expect(r.stdout).not.toContain('listening on')
  expect(r.status).not.toBe(0)
  expect(r.status).not.toBeNull()
  expect(r.firstLine).toBe(firstLine)
  expect(r.stderr).not.toMatch(/^\s+at /m)
}

describe('npm run serve with arguments a terminal user gets wrong', () => {
  it('--port -1 says the port is out of range (it said "--port needs a value", though one was given)', () => {
    const dataDir = tempDir()
    for (const argv of [['--port', '-1'], ['--port=-1']])
      expectRefused(
        serveOnce([...argv, '--data-dir', dataDir]),
        '--port must be a whole number from 0 to 65535 (0 picks a free port), got -1'
      )
  })

  it.each(['0x50', '1e3', ' 80', 'abc', '70000'])('--port %j is refused, not read as another number', (port) => {
    expectRefused(
      serveOnce(['--port', port, '--data-dir', tempDir()]),
      `--port must be a whole number from 0 to 65535 (0 picks a free port), got ${port}`
    )
  })
})
