/**
 * Removing large jobs while the node serves others (`npm run serve` in its own process):
 *   health_check p95 and longest wait while remove_jobs deletes 19 jobs x 5,000 messages
 *     vs  the same node idle (floor), and vs how long the same removal held the node when it was
 *     one transaction (measured in the same run on a copy of the same data)
 *   the same for one job of 100,000 messages
 * `npx tsx bench/job-removal.ts [--quick]` runs it alone (--quick: 5 x 5,000 and 30,000);
 * `npm run bench` runs it with the rest.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DB_FILE_NAME, openStore } from '../src/main/store'
import { openDb } from '../src/main/store/db'
import { aesFileSecretBox } from '../src/main/store/secret-box'
import { startServe } from '../test/support/serve-process'
import { seedInboxes } from './seed'

interface Waits {
  readonly p95Ms: number
  readonly maxMs: number
  readonly count: number
}

interface RemovalFigures {
  readonly idle: Waits
  readonly during: Waits
  /** From the request to its answer. */
  readonly removalMs: number
  /** The same jobs removed as before: one transaction, the node held for all of it. */
  readonly oneTransactionMs: number
}

function waits(xs: number[]): Waits {
  const s = [...xs].sort((a, b) => a - b)
  return { p95Ms: s[Math.floor(s.length * 0.95)] ?? 0, maxMs: s[s.length - 1] ?? 0, count: s.length }
}

/** health_check after health_check, each timed, until `until()` says stop. */
async function healthChecks(url: string, until: () => boolean): Promise<number[]> {
  const times: number[] = []
  while (!until()) {
    const t = performance.now()
    const res = await fetch(`${url}/v2/health_check`)
    await res.arrayBuffer()
    times.push(performance.now() - t)
  }
  return times
}

/** The old removal: every job with all it owns in one transaction (cascades and the search triggers). */
function oneTransaction(file: string, jobIds: readonly string[]): number {
  const db = openDb(file)
  try {
    const remove = db.prepare(`DELETE FROM jobs WHERE id = ?`)
    const t = performance.now()
    db.transaction(() => {
      for (const id of jobIds) remove.run(id)
    })()
    return performance.now() - t
  } finally {
    db.close()
  }
}

async function run(jobs: number, perJob: number): Promise<RemovalFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'nodedesk-bench-removal-'))
  const copy = mkdtempSync(join(tmpdir(), 'nodedesk-bench-removal-copy-'))
  try {
    const store = openStore(dir, aesFileSecretBox(join(dir, 'secret.key')))
    // The removed jobs, and as many kept beside them.
    seedInboxes(store, { inboxes: jobs * 2, messagesPerInbox: perJob })
    store.db.pragma('wal_checkpoint(TRUNCATE)')
    store.close()
    copyFileSync(join(dir, DB_FILE_NAME), join(copy, DB_FILE_NAME))
    const jobIds = Array.from({ length: jobs }, (_, i) => `jobid_seed_${i}`)
    const oneTransactionMs = oneTransaction(join(copy, DB_FILE_NAME), jobIds)

    const node = await startServe(['--port', '0', '--data-dir', dir])
    try {
      const idleUntil = performance.now() + 2000
      const idle = waits(await healthChecks(node.url, () => performance.now() > idleUntil))
      let done = false
      const t = performance.now()
      const removal = fetch(`${node.url}/v2/remove_jobs`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${node.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ job_ids: jobIds })
      }).then(async (res) => {
        const body = await res.text()
        done = true
        if (res.status !== 200) throw new Error(`remove_jobs: ${res.status} ${body}`)
        return performance.now() - t
      })
      const during = waits(await healthChecks(node.url, () => done))
      return { idle, during, removalMs: await removal, oneTransactionMs }
    } finally {
      node.child.kill('SIGTERM')
      await node.exited
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
    rmSync(copy, { recursive: true, force: true })
  }
}

export async function benchJobRemoval(quick: boolean): Promise<string[][]> {
  const ms = (x: number) => `${x.toFixed(1)} ms`
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`
  const rows: string[][] = []
  const cases = quick
    ? [
        { jobs: 5, perJob: 5000 },
        { jobs: 1, perJob: 30_000 }
      ]
    : [
        { jobs: 19, perJob: 5000 },
        { jobs: 1, perJob: 100_000 }
      ]
  for (const c of cases) {
    const f = await run(c.jobs, c.perJob)
    const what = `remove_jobs ${c.jobs} x ${c.perJob.toLocaleString('en-US')} messages`
    rows.push(
      [
        `health_check p95 during ${what} (${f.during.count} answered)`,
        ms(f.during.p95Ms),
        'same node idle',
        ms(f.idle.p95Ms),
        ratio(f.during.p95Ms, f.idle.p95Ms),
        f.during.p95Ms <= 100 ? 'ok (target <= 100 ms)' : 'OVER (target <= 100 ms)'
      ],
      [
        `  health_check longest wait during it`,
        ms(f.during.maxMs),
        'one transaction (as before): node held',
        ms(f.oneTransactionMs),
        ratio(f.during.maxMs, f.oneTransactionMs),
        ''
      ],
      [
        `  the removal, request to answer`,
        ms(f.removalMs),
        'one transaction (as before)',
        ms(f.oneTransactionMs),
        ratio(f.removalMs, f.oneTransactionMs),
        ''
      ]
    )
  }
  return rows
}

if (process.argv[1]?.endsWith('job-removal.ts')) {
  void benchJobRemoval(process.argv.includes('--quick')).then((rows) => {
    const header = ['measure', 'ours', 'floor', 'floor time', 'ratio', 'verdict']
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
    const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')
    console.log(`\nNodedesk job removal bench (node ${process.version}, ${new Date().toISOString()})`)
    console.log(line(header))
    console.log(widths.map((w) => '-'.repeat(w)).join('  '))
    for (const r of rows) console.log(line(r))
  })
}
