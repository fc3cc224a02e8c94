import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import { existsSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { DB_FILE_NAME, openStore, type Store, type StoreOptions } from '../../src/main/store'
import { bundledCheckpointWorker } from '../../src/main/store/checkpointer'
import { openDb } from '../../src/main/store/db'
import { aesFileSecretBox } from '../../src/main/store/secret-box'
import { seedInboxes } from '../../bench/seed'
import { tempDir } from '../support/node'
import { ROOT } from '../support/serve-process'

/*
 * WAL checkpoints in the checkpoint worker (src/main/store/checkpointer.ts), on real SQLite files:
 * the store's commits never checkpoint, the WAL stays bounded, close() leaves no thread and the
 * database whole, and a SIGKILL under load loses no acknowledged write.
 */

/** Started at once and completing a checkpoint every 256 frames (1 MiB), so that a test sees many. */
const QUICK: StoreOptions = { checkpointTuning: { startAtBytes: 0, checkIntervalMs: 20, resetFrames: 256, activeDelayMs: 10 } }
const FRAME_BYTES = 4096 + 24

let dir: string
let cleanup: () => void
const open: Store[] = []

beforeEach(() => {
  ;({ dir, cleanup } = tempDir('nodedesk-checkpoints-'))
})
afterEach(() => {
  for (const s of open.splice(0)) s.close()
  cleanup()
})

const file = () => join(dir, DB_FILE_NAME)
const walBytes = () => (existsSync(`${file()}-wal`) ? statSync(`${file()}-wal`).size : 0)

function store(options: StoreOptions = QUICK): Store {
  const s = openStore(dir, aesFileSecretBox(join(dir, 'secret.key')), options)
  open.push(s)
  s.db.exec(`CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, k TEXT NOT NULL, v TEXT NOT NULL)`)
  s.db.exec(`CREATE INDEX IF NOT EXISTS rows_k ON rows(k)`)
  return s
}

/** `count` rows through the write batcher, 32 writers at a time (a steady load); returns the -wal file's largest size seen. */
async function write(s: Store, count: number): Promise<number> {
  const insert = s.db.prepare(`INSERT INTO rows (k, v) VALUES (?, ?)`)
  const filler = 'v'.repeat(300)
  let next = 0
  let largest = 0
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < count) {
        if (++next % 8 === 0) largest = Math.max(largest, walBytes())
        await s.writes.run(() => insert.run(Math.random().toString(36).slice(2), filler))
      }
    })
  )
  return Math.max(largest, walBytes())
}

const running = async (s: Store) => expect.poll(() => s.checkpoints()?.worker, { timeout: 20_000, interval: 20 }).toBe('running')

it('with the worker running, the commits never checkpoint (autocheckpoint 0) and the -wal file stays bounded over 30,000 writes', async () => {
  const s = store()
  await running(s)
  expect(s.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0)
  const largest = await write(s, 30_000)
  const stats = s.checkpoints()!
  // The worker copied (many times over) more than the WAL ever held: the WAL was started again and again.
  expect(stats.framesCopied * FRAME_BYTES).toBeGreaterThan(5 * largest)
  // A lower bound: a pass counts a restart only when it finds the WAL shorter than at the pass before.
  expect(stats.restarts).toBeGreaterThanOrEqual(1)
  expect(largest).toBeLessThan(8 * 1024 * 1024)
  // Not by this thread's safety net, nor after errors.
  expect(stats.safetyCheckpoints).toBe(0)
  expect(stats.errors).toBe(0)
  expect(s.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0)
})

it('a removal (slices back to back, never a pause for a checkpoint to complete on its own) keeps the -wal file bounded too', async () => {
  const seeding = store({ checkpointWorker: 'in-process' })
  seedInboxes(seeding, { inboxes: 1, messagesPerInbox: 40_000 })
  seeding.close()
  const s = store()
  await running(s)
  const begun = s.removals.begin(['jobid_seed_0'])
  if (!('inboxIds' in begun)) throw new Error(`no job ${begun.unknown}`)
  let largest = 0
  const sampler = setInterval(() => (largest = Math.max(largest, walBytes())), 2)
  try {
    await s.removals.finish(begun.inboxIds)
  } finally {
    clearInterval(sampler)
  }
  const stats = s.checkpoints()!
  const seen = `largest -wal ${largest} bytes, ${JSON.stringify(stats)}`
  // Without the worker holding the slices back for a moment, the WAL took all of the removal (about 50 MB).
  // The WAL was started again: more was copied than it ever held. `restarts` counts only the restarts
  // a pass saw (the WAL shorter than at the pass before); a CI run copied 6x the largest WAL and saw 2.
  expect(stats.framesCopied * FRAME_BYTES, seen).toBeGreaterThan(2 * largest)
  expect(stats.restarts, seen).toBeGreaterThanOrEqual(1)
  // About 50 MB without the worker; 6-10 MB on a quiet machine, 13 MB seen with other work on the same 2 cores.
  expect(largest, seen).toBeLessThan(20 * 1024 * 1024)
  expect(stats.safetyCheckpoints).toBe(0)
  expect(s.db.prepare(`SELECT count(*) FROM messages`).pluck().get()).toBe(0)
})

it('close() ends the worker after its connection closed: the store closes last (the WAL removed), every row is there after reopening', async () => {
  const s = store()
  await running(s)
  await write(s, 5000)
  expect(s.checkpoints()!.threadAlive).toBe(true)
  s.close()
  expect(s.checkpoints()!.worker).toBe('closed')
  // SQLite removes the WAL when the last connection to the file closes: the worker's was closed first.
  expect(existsSync(`${file()}-wal`)).toBe(false)
  await expect.poll(() => s.checkpoints()!.threadAlive, { timeout: 5000 }).toBe(false)
  const db = openDb(file())
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(db.prepare(`SELECT count(*) FROM rows`).pluck().get()).toBe(5000)
  } finally {
    db.close()
  }
})

it('a store closed while its worker starts leaves no thread behind, and never waits for it', async () => {
  const s = store({ checkpointTuning: { startAtBytes: 0, checkIntervalMs: 5 } })
  await expect.poll(() => s.checkpoints()!.worker, { timeout: 5000, interval: 1 }).toBe('starting')
  const t = performance.now()
  s.close()
  expect(performance.now() - t).toBeLessThan(1000)
  await expect.poll(() => s.checkpoints()!.threadAlive, { timeout: 10_000 }).toBe(false)
  expect(existsSync(`${file()}-wal`)).toBe(false)
})

it('the worker as built for the app and headless mode (out/main/checkpoint-worker.js) runs', async () => {
  const s = store({ ...QUICK, checkpointWorker: bundledCheckpointWorker(join(ROOT, 'out/main')) })
  await running(s)
  await write(s, 2000)
  await expect.poll(() => s.checkpoints()!.passes, { timeout: 5000 }).toBeGreaterThan(0)
  expect(s.checkpoints()!.errors).toBe(0)
})

it('a worker that cannot run hands the checkpoints back to SQLite in the commits', async () => {
  const s = store({
    checkpointWorker: { file: join(dir, 'no-such-worker.js') },
    checkpointTuning: { startAtBytes: 0, checkIntervalMs: 10 }
  })
  expect(s.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0)
  await expect.poll(() => s.checkpoints()!.worker, { timeout: 10_000 }).toBe('in-process')
  // SQLite's own: every 1,000 pages.
  expect(s.db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000)
  // And the WAL stays bounded all the same.
  expect(await write(s, 5000)).toBeLessThan(8 * 1024 * 1024)
})

it("a large WAL that no longer grows (one big transaction) is left to the worker: the store's thread does not checkpoint it", async () => {
  const s = store({ checkpointTuning: { ...QUICK.checkpointTuning, safetyBytes: 2 * 1024 * 1024, truncateAboveBytes: 1024 * 1024 } })
  await running(s)
  const insert = s.db.prepare(`INSERT INTO rows (k, v) VALUES (?, ?)`)
  const filler = 'v'.repeat(1000)
  // About 20 MB in one commit (as a migration over a large database writes): ten times the safety size.
  s.db.transaction(() => {
    for (let i = 0; i < 20_000; i++) insert.run(String(i), filler)
  })()
  expect(walBytes()).toBeGreaterThan(10 * 1024 * 1024)
  // The worker copies it and cuts the file back; this thread never stops its requests for it.
  await expect.poll(() => s.checkpoints()!.truncates, { timeout: 10_000 }).toBeGreaterThan(0)
  expect(s.checkpoints()!.safetyCheckpoints).toBe(0)
  expect(walBytes()).toBeLessThan(2 * 1024 * 1024)
})

it("a WAL that keeps growing past the safety size while the worker does nothing is checkpointed by the store's thread", async () => {
  // A worker that starts and never checkpoints (a stalled thread): the store stays 'starting'.
  const idle = join(dir, 'idle-worker.mjs')
  writeFileSync(idle, 'setInterval(() => {}, 1000)\n')
  const s = store({
    checkpointWorker: { file: idle },
    checkpointTuning: { startAtBytes: 0, checkIntervalMs: 10, safetyBytes: 1024 * 1024 }
  })
  await expect.poll(() => s.checkpoints()!.worker, { timeout: 10_000 }).toBe('starting')
  const largest = await write(s, 20_000)
  expect(s.checkpoints()!.worker).toBe('starting')
  expect(s.checkpoints()!.safetyCheckpoints).toBeGreaterThan(0)
  // About 7 MB written: the safety net kept the file near its size, not all of it.
  expect(largest).toBeLessThan(4 * 1024 * 1024)
})

it("after one big transaction, the few frames each later commit adds do not make the store's thread checkpoint it; a quarter of the safety size more does", async () => {
  // A worker that starts and never checkpoints (still starting, as right after a migration): the WAL cannot start again.
  const idle = join(dir, 'idle-worker.mjs')
  writeFileSync(idle, 'setInterval(() => {}, 1000)\n')
  const s = store({
    checkpointWorker: { file: idle },
    checkpointTuning: { startAtBytes: 0, checkIntervalMs: 10, safetyBytes: 2 * 1024 * 1024 }
  })
  await expect.poll(() => s.checkpoints()!.worker, { timeout: 10_000 }).toBe('starting')
  const insert = s.db.prepare(`INSERT INTO rows (k, v) VALUES (?, ?)`)
  s.db.transaction(() => {
    for (let i = 0; i < 20_000; i++) insert.run(String(i), 'v'.repeat(1000))
  })()
  const big = walBytes()
  expect(big).toBeGreaterThan(10 * 1024 * 1024)
  // A trickle of single-row commits, each seen by the store's look at the file (every 10 ms).
  for (let i = 0; i < 20; i++) {
    insert.run(`late ${i}`, 'v')
    await new Promise((r) => setTimeout(r, 15))
  }
  expect(walBytes()).toBeGreaterThan(big)
  expect(s.checkpoints()!.safetyCheckpoints).toBe(0)
  // Writes that keep coming: past half a megabyte more, the store's thread steps in.
  await write(s, 5000)
  await expect.poll(() => s.checkpoints()!.safetyCheckpoints, { timeout: 5000 }).toBeGreaterThan(0)
})

it('from its open, before the worker is started, the store never checkpoints in a commit; in-process, it does as SQLite does', () => {
  const s = store({ checkpointTuning: { startAtBytes: 1e12 } })
  expect(s.checkpoints()!.worker).toBe('idle')
  expect(s.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0)
  s.close()
  const inProcess = store({ checkpointWorker: 'in-process' })
  expect(inProcess.checkpoints()).toBeUndefined()
  expect(inProcess.db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000)
})

it('SIGKILL while the worker checkpoints under load: every acknowledged write is there, the database whole', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/support/scripts/checkpoint-writer.ts'), dir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const exited = new Promise<string | number>((done) => child.on('exit', (code, signal) => done(signal ?? code ?? -1)))
  const acked: number[] = []
  let restarts = 0
  let err = ''
  let rest = ''
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n')
    rest = lines.pop()!
    for (const line of lines) {
      if (line.startsWith('ack ')) acked.push(Number(line.slice(4)))
      else if (line.startsWith('stats ')) restarts = (JSON.parse(line.slice(6)) as { restarts: number } | null)?.restarts ?? 0
    }
  })
  child.stderr.on('data', (c: Buffer) => (err += c.toString()))
  try {
    // Killed once the worker has started the WAL again a few times and is at it still.
    await expect.poll(() => restarts >= 3 && acked.length >= 5000, { timeout: 30_000, interval: 20 }).toBe(true)
  } finally {
    child.kill('SIGKILL')
  }
  expect(await exited, err).toBe('SIGKILL')
  const ackedAtKill = [...acked]
  const db = new Database(file(), { readonly: true })
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    const stored = new Set(db.prepare<[], number>(`SELECT id FROM crash_rows`).pluck().all())
    expect(ackedAtKill.filter((id) => !stored.has(id))).toEqual([])
  } finally {
    db.close()
  }
})
