import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ROOT, startServe } from '../support/serve-process'

const dirs: string[] = []
/** Folders made immutable (chattr +i), to be made plain again before they are removed. */
const locked: string[] = []
afterEach(() => {
  for (const d of locked.splice(0)) spawnSync('chattr', ['-i', d])
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

describe('npm run serve --data-dir that cannot be used', () => {
  it('a file: one sentence naming --data-dir (it said "ENOTDIR: not a directory, open \'…/secret.key\'")', () => {
    const file = join(tempDir(), 'notes.txt')
    writeFileSync(file, 'mine')
    expectRefused(
      serveOnce(['--port', '0', '--data-dir', file]),
      `--data-dir ${file} is a file, not a folder; give a folder (one that does not exist yet is made)`
    )
    expect(readFileSync(file, 'utf8')).toBe('mine')
    expectRefused(
      serveOnce(['--port', '0', '--data-dir', join(file, 'data', 'node')]),
      `--data-dir ${join(file, 'data', 'node')} cannot be made: ${file} is a file, not a folder`
    )
  })

  it('a folder this user may not write in, and one to be made in it: one sentence naming --data-dir, nothing made', (ctx) => {
    const dir = join(tempDir(), 'locked')
    mkdirSync(dir, { mode: 0o700 })
    // root writes through 0500; an immutable folder (chattr +i) refuses even root.
    const asRoot = process.getuid?.() === 0
    if (asRoot) {
      if (spawnSync('chattr', ['+i', dir]).status !== 0) ctx.skip()
      locked.push(dir)
    } else chmodSync(dir, 0o500)
    expectRefused(
      serveOnce(['--port', '0', '--data-dir', dir]),
      `--data-dir ${dir} cannot be written by this user; give a folder you may write in`
    )
    expectRefused(
      serveOnce(['--port', '0', '--data-dir', join(dir, 'data')]),
      `--data-dir ${join(dir, 'data')} cannot be made by this user; give a folder you may write in`
    )
    expect(readdirSync(dir)).toEqual([])
  })

  it('a folder that does not exist yet is made, 0700', async () => {
    const dir = join(tempDir(), 'a', 'b')
    const p = await startServe(['--port', '0', '--data-dir', dir])
    p.child.kill('SIGTERM')
    expect(await p.exited).toBe(0)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
  })
})

it('a NODEDESK_DATA_DIR that is a file is named as NODEDESK_DATA_DIR, not as a --data-dir never typed', () => {
  const file = join(tempDir(), 'notes.txt')
  writeFileSync(file, 'mine')
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/serve.mjs'), '--port', '0'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODEDESK_API_TOKEN: '', NODEDESK_DATA_DIR: file },
    timeout: 8_000,
    killSignal: 'SIGKILL'
  })
  expectRefused(
    { status: r.status, stdout: r.stdout, stderr: r.stderr, firstLine: r.stderr.split('\n')[0] },
    `NODEDESK_DATA_DIR ${file} is a file, not a folder; give a folder (one that does not exist yet is made)`
  )
})

it('--rotate-token with NODEDESK_API_TOKEN set is refused before the data folder is touched (it was made, locked and migrated first)', () => {
  const dataDir = join(tempDir(), 'not-yet')
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/serve.mjs'), '--port', '0', '--data-dir', dataDir, '--rotate-token'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODEDESK_API_TOKEN: 'from-env' },
    timeout: 8_000,
    killSignal: 'SIGKILL'
  })
  expectRefused(
    { status: r.status, stdout: r.stdout, stderr: r.stderr, firstLine: r.stderr.split('\n')[0] },
    'Nodedesk could not start: --rotate-token: the token comes from NODEDESK_API_TOKEN; change it there'
  )
  expect(r.status).toBe(1)
  expect(existsSync(dataDir)).toBe(false)
})
