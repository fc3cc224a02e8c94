import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE_NAME } from '../../src/main/data-dir-lock'
import { provider } from '../support/fixtures'
import { tempDir } from '../support/node'
import { killAll, startServe, type ServeProcess } from '../support/serve-process'

let dir: string
let cleanup: () => void
const running: ServeProcess[] = []
beforeEach(() => {
  ;({ dir, cleanup } = tempDir('nodedesk-lock-'))
})
afterEach(async () => {
  await killAll(running)
  cleanup()
})

const serve = async () => {
  const p = await startServe(['--port', '0', '--data-dir', dir])
  running.push(p)
  return p
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' })
  return Number(r.stdout.trim())
}

describe('one node per data folder', () => {
  it('a second `npm run serve` on the same folder exits at once, non-zero, with one line naming the first one’s pid', async () => {
    const first = await serve()
    const started = Date.now()
    const second = startServe(['--port', '0', '--data-dir', dir])
    const err = await second.then(
      (): Error => {
        throw new Error('the second node started')
      },
      (e: Error) => e
    )
    expect(err.message).toMatch(/^serve exited \(1\) before listening/)
    const output = err.message.split('\n').slice(1).join('\n').trim()
    expect(output.split('\n')).toHaveLength(1)
    expect(output).toContain(`in use by another node (pid ${first.child.pid}, headless`)
    expect(output).toContain(dir)
    expect(Date.now() - started).toBeLessThan(10_000)
    // The first node is untouched and still writes.
    const res = await fetch(`${first.url}/v2/add_llm_provider`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${first.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(provider('gpt'))
    })
    expect(res.status).toBe(200)
    expect((await fetch(`${first.url}/v2/health_check`)).status).toBe(200)
    const holder = JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number }
    expect(holder.pid).toBe(first.child.pid)
  })

  it('a stale lock (its pid is dead) is taken over; a clean stop removes the lock', async () => {
    const dead = deadPid()
    writeFileSync(
      join(dir, LOCK_FILE_NAME),
      JSON.stringify({ pid: dead, started: '2020-01-01T00:00:00.000Z', host: 'h', mode: 'headless' })
    )
    const p = await serve()
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({ pid: p.child.pid, mode: 'headless' })
    expect((await fetch(`${p.url}/v2/health_check`)).status).toBe(200)
    p.child.kill('SIGTERM')
    expect(await p.exited).toBe(0)
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false)
  })

  it('after a SIGKILL the next start takes the folder over; an unreadable lock file is stale too', async () => {
    const first = await serve()
    first.child.kill('SIGKILL')
    await first.exited
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(true)
    const second = await serve()
    expect((JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number }).pid).toBe(second.child.pid)
    second.child.kill('SIGKILL')
    await second.exited
    writeFileSync(join(dir, LOCK_FILE_NAME), 'not json')
    const third = await serve()
    expect((JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number }).pid).toBe(third.child.pid)
  })

  it('in one process, a second lock on a held folder is refused until the first is released', () => {
    const lock = acquireDataDirLock(dir, 'test')
    expect(() => acquireDataDirLock(dir, 'test')).toThrow(DataDirInUseError)
    expect(() => acquireDataDirLock(dir, 'test')).toThrow(`pid ${process.pid}`)
    lock.release()
    lock.release()
    acquireDataDirLock(dir, 'test').release()
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false)
  })
})
