import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ROOT } from '../support/fake-electron'

/** The state letter of a process ("Z" a zombie) and its parent, from /proc/<pid>/stat; undefined once it is gone. */
function procStat(pid: number | string): { state: string; ppid: number } | undefined {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  // "pid (comm) state ppid …": comm may hold spaces or parentheses, so the fields after its last ')'.
  const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return { state: state!, ppid: Number(ppid) }
}

const alive = (pid: number) => !['Z', undefined].includes(procStat(pid)?.state)

/**
 * The live reading processes whose parent is `pid`, known by their entry file: tsx may have other
 * children of its own (esbuild) for a moment.
 */
function readersOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && procStat(entry)?.ppid === pid && alive(Number(entry)))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('extract-worker')
      } catch {
        return false
      }
    })
    .map(Number)
}

let owner: ChildProcess | undefined
afterEach(() => {
  if (owner && owner.exitCode === null && owner.signalCode === null) owner.kill('SIGKILL')
  owner = undefined
})

/** Starts the script that owns a reader and waits for `line` on its stdout. */
async function startOwner(mode: 'keep' | 'close' | 'busy', line: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/support/scripts/extract-reader-owner.ts'), mode], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  owner = child
  let out = ''
  let err = ''
  child.stderr.on('data', (c: Buffer) => (err += c.toString()))
  await new Promise<void>((done, fail) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString()
      if (out.includes(`${line}\n`)) done()
    })
    child.on('exit', () => fail(new Error(`the reader's owner ended early: ${out} ${err}`)))
  })
  expect(out).toContain('read The weather vane points north.')
  return child
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (check()) return true
    await new Promise((r) => setTimeout(r, 50))
  }
  return check()
}

describe.runIf(process.platform === 'linux')('the reading process lives no longer than the node', () => {
  it('close() ends the reading process', async () => {
    const child = await startOwner('close', 'closed')
    expect(readersOf(child.pid!)).toEqual([])
  }, 30_000)

  it('when the node is killed (SIGKILL, no chance to close anything), its reading process ends by itself', async () => {
    const child = await startOwner('keep', 'read The weather vane points north.')
    const readers = readersOf(child.pid!)
    expect(readers).toHaveLength(1)
    child.kill('SIGKILL')
    // Left to itself, an orphan would live on, its parsers loaded, until the machine restarts.
    expect(await until(() => !alive(readers[0]!), 5000), `reading process ${readers[0]} still running`).toBe(true)
  }, 30_000)

  it('when the node is killed in the middle of a document, its reading process ends then, not once the document is read', async () => {
    const child = await startOwner('busy', 'reading')
    const [reader] = readersOf(child.pid!)
    expect(reader).toBeDefined()
    const killed = performance.now()
    child.kill('SIGKILL')
    // Left reading, it went on for the whole 3,000-page PDF (several seconds here; a hostile
    // document's time limit is kept by the node, which is gone). It now ends at its next turn.
    expect(await until(() => !alive(reader!), 1000), `reading process ${reader} still running`).toBe(true)
    console.log(`the reading process ended ${Math.round(performance.now() - killed)} ms after its node was killed`)
  }, 60_000)
})
