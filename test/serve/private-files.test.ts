import { chmodSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makePrivateFile, SymlinkRefusedError } from '../../src/main/private-files'
import { provider } from '../support/fixtures'
import { tempDir } from '../support/node'
import { killAll, startServe, type ServeProcess } from '../support/serve-process'

let root: string
let dir: string
let cleanup: () => void
const running: ServeProcess[] = []
beforeEach(() => {
  ;({ dir: root, cleanup } = tempDir('nodedesk-perms-'))
  dir = join(root, 'data')
})
afterEach(async () => {
  await killAll(running)
  cleanup()
})

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8)
const serve = async () => {
  const p = await startServe(['--port', '0', '--data-dir', dir])
  running.push(p)
  const res = await fetch(`${p.url}/v2/add_llm_provider`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${p.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(provider(`p${running.length}`, { api_key: 'sk-secret' }))
  })
  expect(res.status).toBe(200)
  return p
}
const modes = () => Object.fromEntries(readdirSync(dir).map((f) => [f, mode(join(dir, f))]))
const EXPECTED_FILES = ['api-token', 'node.lock', 'nodedesk.sqlite', 'nodedesk.sqlite-shm', 'nodedesk.sqlite-wal', 'secret.key']

describe.skipIf(process.platform === 'win32')('data folder permissions (stat after a real serve)', () => {
  it('a new data folder is 0700 and the database, its -wal/-shm, key, token and lock files are 0600', async () => {
    await serve()
    expect(mode(dir)).toBe('700')
    expect(Object.keys(modes()).sort()).toEqual(EXPECTED_FILES)
    expect(modes()).toEqual(Object.fromEntries(EXPECTED_FILES.map((f) => [f, '600'])))
  })

  it('an existing install left 0755/0644 is fixed at the next start', async () => {
    const first = await serve()
    first.child.kill('SIGKILL')
    await first.exited
    for (const f of readdirSync(dir)) chmodSync(join(dir, f), 0o644)
    writeFileSync(join(dir, 'nodedesk.log'), 'old log line\n', { mode: 0o644 })
    chmodSync(dir, 0o755)
    await serve()
    expect(mode(dir)).toBe('700')
    for (const [f, m] of Object.entries(modes())) expect(`${f} ${m}`).toBe(`${f} 600`)
    expect(Object.keys(modes())).toContain('nodedesk.log')
  })

  it("the user's own files in a data folder (--data-dir . in a project) keep their modes: only the node's are made 0600", async () => {
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'build.sh'), '#!/bin/sh\n', { mode: 0o755 })
    writeFileSync(join(dir, 'notes.txt'), 'shared\n', { mode: 0o644 })
    writeFileSync(join(dir, 'nodedesk.log'), 'old log line\n', { mode: 0o644 })
    await serve()
    expect(mode(join(dir, 'build.sh'))).toBe('755')
    expect(mode(join(dir, 'notes.txt'))).toBe('644')
    expect(mode(join(dir, 'nodedesk.log'))).toBe('600')
    for (const f of EXPECTED_FILES) expect(`${f} ${mode(join(dir, f))}`).toBe(`${f} 600`)
  })

  it('a database file that is a symlink is refused: the node exits non-zero saying so, and the link target is untouched', async () => {
    mkdirSync(dir, { recursive: true })
    const elsewhere = join(root, 'elsewhere.sqlite')
    writeFileSync(elsewhere, '', { mode: 0o644 })
    symlinkSync(elsewhere, join(dir, 'nodedesk.sqlite'))
    await expect(startServe(['--port', '0', '--data-dir', dir])).rejects.toThrow(
      /serve exited \(1\)[\s\S]*nodedesk\.sqlite is a symbolic link/
    )
    expect(mode(elsewhere)).toBe('644')
    expect(statSync(elsewhere).size).toBe(0)
  })

  it.each(['nodedesk.sqlite-wal', 'nodedesk.sqlite-shm'])(
    'a %s that is a symlink is refused naming it (it said "unable to open database file"), and the link target is untouched',
    async (name) => {
      const first = await serve()
      first.child.kill('SIGTERM')
      expect(await first.exited).toBe(0)
      const elsewhere = join(root, `elsewhere-${name}`)
      writeFileSync(elsewhere, 'x', { mode: 0o644 })
      rmSync(join(dir, name), { force: true })
      symlinkSync(elsewhere, join(dir, name))
      await expect(startServe(['--port', '0', '--data-dir', dir])).rejects.toThrow(
        new RegExp(`serve exited \\(1\\)[\\s\\S]*${name.replace('.', '\\.')} is a symbolic link`)
      )
      expect(mode(elsewhere)).toBe('644')
      expect(statSync(elsewhere).size).toBe(1)
    }
  )

  it('makePrivateFile never follows a link (fchmod on an O_NOFOLLOW descriptor)', () => {
    mkdirSync(dir, { recursive: true })
    const target = join(root, 'target')
    writeFileSync(target, 'x', { mode: 0o644 })
    symlinkSync(target, join(dir, 'link'))
    expect(() => makePrivateFile(join(dir, 'link'))).toThrow(SymlinkRefusedError)
    expect(mode(target)).toBe('644')
    expect(makePrivateFile(join(dir, 'absent'))).toBe(false)
  })
})
