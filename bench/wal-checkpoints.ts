/**
 * WAL checkpoints under a sustained write load, through the store's write batcher (32 writers, each
 * awaiting its write before the next: 200,000 rows of ~250 bytes with an index on a random key):
 *   the -wal file's largest size while it runs (it must stay bounded),
 *   the store thread's longest stall (a 5 ms timer's lateness: what a request would have waited),
 *   writes per second,
 * with the checkpoint worker, and with SQLite checkpointing in the commits ('in-process', as before).
 * `npx tsx bench/wal-checkpoints.ts [--quick]` runs it alone (--quick: 50,000 writes).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DB_FILE_NAME, openStore, type CheckpointStats } from '../src/main/store'
import { SAFETY_BYTES } from '../src/main/store/checkpointer'
import { aesFileSecretBox } from '../src/main/store/secret-box'

export interface WalFigures {
  readonly writesPerSec: number
  readonly maxWalBytes: number
  readonly walBytesAfter: number
  readonly stallMaxMs: number
  readonly stallP99Ms: number
  readonly checkpoints: CheckpointStats | undefined
}

const WRITERS = 32
const TICK_MS = 5

export async function walUnderLoad(writes: number, worker: boolean): Promise<WalFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'nodedesk-bench-wal-'))
  const store = openStore(dir, aesFileSecretBox(join(dir, 'secret.key')), worker ? {} : { checkpointWorker: 'in-process' })
  const wal = `${join(dir, DB_FILE_NAME)}-wal`
  const walBytes = () => {
    try {
      return statSync(wal).size
    } catch {
      return 0
    }
  }
  try {
    store.db.exec(
      `CREATE TABLE wal_bench (id INTEGER PRIMARY KEY, k TEXT NOT NULL, v TEXT NOT NULL); CREATE INDEX wal_bench_k ON wal_bench(k)`
    )
    const insert = store.db.prepare(`INSERT INTO wal_bench (k, v) VALUES (?, ?)`)
    const filler = 'x'.repeat(220)
    let maxWal = 0
    const stalls: number[] = []
    let last = performance.now()
    const ticker = setInterval(() => {
      const now = performance.now()
      stalls.push(now - last - TICK_MS)
      last = now
      maxWal = Math.max(maxWal, walBytes())
    }, TICK_MS)
    let next = 0
    const t = performance.now()
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (next < writes) {
          next++
          const k = Math.random().toString(36).slice(2, 14)
          await store.writes.run(() => insert.run(k, filler))
        }
      })
    )
    const seconds = (performance.now() - t) / 1000
    clearInterval(ticker)
    maxWal = Math.max(maxWal, walBytes())
    const sorted = stalls.sort((a, b) => a - b)
    const count = store.db.prepare(`SELECT count(*) FROM wal_bench`).pluck().get() as number
    if (count !== writes) throw new Error(`${count} rows stored of ${writes}`)
    return {
      writesPerSec: writes / seconds,
      maxWalBytes: maxWal,
      walBytesAfter: walBytes(),
      stallMaxMs: sorted[sorted.length - 1] ?? 0,
      stallP99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
      checkpoints: store.checkpoints()
    }
  } finally {
    store.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function benchWalCheckpoints(quick: boolean): Promise<string[][]> {
  const writes = quick ? 50_000 : 200_000
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`
  const ms = (x: number) => `${x.toFixed(1)} ms`
  const ours = await walUnderLoad(writes, true)
  const inCommits = await walUnderLoad(writes, false)
  const n = writes.toLocaleString('en-US')
  const c = ours.checkpoints
  const before = 'checkpoints in the commits (before)'
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`
  return [
    [
      `-wal file's largest size during ${n} writes (32 writers, write batcher)`,
      mb(ours.maxWalBytes),
      before,
      mb(inCommits.maxWalBytes),
      ratio(ours.maxWalBytes, inCommits.maxWalBytes),
      ours.maxWalBytes < SAFETY_BYTES ? `ok (bounded, < ${mb(SAFETY_BYTES)})` : 'OVER'
    ],
    [
      `  store thread's longest stall`,
      ms(ours.stallMaxMs),
      before,
      ms(inCommits.stallMaxMs),
      ratio(ours.stallMaxMs, inCommits.stallMaxMs),
      ''
    ],
    [`  store thread's stall p99`, ms(ours.stallP99Ms), before, ms(inCommits.stallP99Ms), ratio(ours.stallP99Ms, inCommits.stallP99Ms), ''],
    [
      `  writes per second`,
      ours.writesPerSec.toFixed(0),
      before,
      inCommits.writesPerSec.toFixed(0),
      ratio(ours.writesPerSec, inCommits.writesPerSec),
      ''
    ],
    [
      `  worker: passes, WAL restarts (truncated), longest hold of the commits; safety checkpoints here`,
      c ? `${c.passes}, ${c.restarts} (${c.truncates}), ${c.longestHoldMs.toFixed(0)} ms; ${c.safetyCheckpoints}` : '-',
      '',
      '',
      '',
      ''
    ]
  ]
}

if (process.argv[1]?.endsWith('wal-checkpoints.ts')) {
  void benchWalCheckpoints(process.argv.includes('--quick')).then((rows) => {
    const header = ['measure', 'ours', 'floor', 'floor time', 'ratio', 'verdict']
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
    const line = (r: string[]) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')
    console.log(`\nNodedesk WAL checkpoints bench (node ${process.version}, ${new Date().toISOString()})`)
    console.log(line(header))
    console.log(widths.map((w) => '-'.repeat(w)).join('  '))
    for (const r of rows) console.log(line(r))
  })
}
