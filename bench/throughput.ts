import Database from 'better-sqlite3'
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { DB_FILE_NAME } from '../src/main/store'
import { startFakeLlm } from '../test/support/fake-llm'
import { createJobBody, provider } from '../test/support/fixtures'
import { ROOT, startServe } from '../test/support/serve-process'
import { hammer, settleDisk } from './throughput-in-process'

export interface ThroughputFigures {
  readonly clients: number
  readonly requests: number
  /** job_message requests/s, counted until every answer is stored too. */
  readonly oursPerSec: number
  /** The same questions acknowledged per second: until the last client has its reply (answers not awaited). */
  readonly acknowledgedPerSec: number
  /** How many of them were answered by the time the last was acknowledged. */
  readonly answeredWhenAcknowledged: number
  /** A bare node HTTP server doing one better-sqlite3 insert (WAL, synchronous=FULL) per request. */
  readonly floorPerSec: number
  /** A bare server doing the least a question and its answer take (bench/floor-server.mjs, answering). */
  readonly answeringFloorPerSec: number
  /**
   * CPU time per request in ms, every thread of the server's process plus the bench's own (the 32
   * clients and the loopback provider), for ours and the two floors. With the cores this machine
   * has, it bounds the requests/s any of them can reach: cores x 1000 / cpuMs.
   */
  readonly cpuMsPerRequest: { readonly ours: number; readonly floor: number; readonly answeringFloor: number }
  /** The same, the server's process alone (the node's, and each floor's). */
  readonly serverCpuMsPerRequest: { readonly ours: number; readonly floor: number; readonly answeringFloor: number }
  readonly cores: number
  /**
   * The node's CPU per question and answer by thread (ms): the main thread (API, database, prompts),
   * the provider thread (HTTP and the SDKs), V8's garbage-collection helpers, and the rest
   * (checkpoints, libuv's pool).
   */
  readonly nodeThreadsMs: { readonly main: number; readonly provider: number; readonly gc: number; readonly other: number }
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100
  } catch {
    return 100
  }
})()

/** CPU time (user + system, all threads) a process has used so far, in ms, from /proc; 0 where there is none. */
function processCpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The fields after the command name, which is in parentheses: state is the 3rd field, utime the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
  } catch {
    return 0
  }
}

/** CPU ms (user + system) each thread of process `pid` has used so far, by `tid:name`; empty where there is no /proc. */
function threadCpuMs(pid: number | undefined): Map<string, number> {
  const threads = new Map<string, number>()
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        threads.set(`${tid}:${name}`, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS)
      } catch {
        // the thread ended meanwhile
      }
    }
  } catch {
    // no /proc here
  }
  return threads
}

/**
 * What each kind of thread of the node used between two readings: its main thread (the process's
 * first), the busiest worker thread (the provider thread, under this load), V8's helpers, the rest.
 */
function threadShares(before: Map<string, number>, after: Map<string, number>, pid: number | undefined) {
  const used = [...after].map(([key, ms]) => ({ key, ms: ms - (before.get(key) ?? 0) }))
  const main = used.find((t) => t.key.startsWith(`${pid}:`))?.ms ?? 0
  const workers = used.filter((t) => t.key.endsWith(':WorkerThread')).sort((a, b) => b.ms - a.ms)
  const provider = workers[0]?.ms ?? 0
  const gc = used.filter((t) => t.key.endsWith(':V8Worker')).reduce((n, t) => n + t.ms, 0)
  const other = used.reduce((n, t) => n + t.ms, 0) - main - provider - gc
  return { main, provider, gc, other }
}

/** Runs `work`; returns its result with the CPU ms it took in this process and in process `pid`. */
async function withCpu<T>(pid: number | undefined, work: () => Promise<T>): Promise<{ value: T; cpuMs: number; serverCpuMs: number }> {
  const before = process.cpuUsage()
  const childBefore = processCpuMs(pid)
  const value = await work()
  const used = process.cpuUsage(before)
  const serverCpuMs = processCpuMs(pid) - childBefore
  return { value, cpuMs: (used.user + used.system) / 1000 + serverCpuMs, serverCpuMs }
}

/** A floor server (bench/floor-server.mjs) in a process of its own; resolves once it listens. */
export function startFloor(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'bench/floor-server.mjs'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((done, fail) => {
    let out = ''
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString()
      const m = /listening (\S+)/.exec(out)
      if (m) done({ child, url: m[1]! })
    })
    child.on('exit', (code) => fail(new Error(`floor server ${args[0]} exited (${code})`)))
  })
}

export const stopped = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null) return done()
    child.on('exit', () => done())
    child.kill('SIGTERM')
  })

const until = async (done: () => boolean | Promise<boolean>) => {
  while (!(await done())) await new Promise((r) => setTimeout(r, 10))
}

/**
 * job_message from `clients` concurrent clients, each to its own job, with a loopback provider that
 * answers at once: the node as it ships (headless mode, `out/main/serve.js`, in a process of its
 * own) beside bare servers in processes of their own, measured in the same run. The clients and
 * the provider run in this process for all three.
 */
export async function benchJobMessageThroughput(clients = 32, perClient = 40): Promise<ThroughputFigures> {
  settleDisk()
  const fake = await startFakeLlm()
  fake.behaviour = { type: 'reply', chunks: ['ok'] }
  const dir = mkdtempSync(join(tmpdir(), 'nodedesk-bench-tp-'))
  const serve = await startServe(['--port', '0', '--data-dir', dir])
  const auth = { Authorization: `Bearer ${serve.token}` }
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${serve.url}${path}`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(body)
    })
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    return res.json()
  }
  await post('/v2/add_llm_provider', provider('fake', { external_url: fake.url, api_key: 'k' }))
  const jobs: string[] = []
  for (let c = 0; c < clients; c++) jobs.push(((await post('/v2/create_job', createJobBody('fake'))) as { job_id: string }).job_id)
  // The node's own database, read alongside it (WAL): whether any question still waits for its answer.
  const db = new Database(join(dir, DB_FILE_NAME), { readonly: true })
  const waiting = db.prepare<[], number>(`SELECT EXISTS (SELECT 1 FROM messages WHERE needs_answer = 1)`).pluck()
  const answered = db.prepare<[], number>(`SELECT count(*) FROM messages WHERE role = 'operator' AND needs_answer = 0`).pluck()
  const content = (c: number, i: number) =>
    JSON.stringify({ job_id: jobs[c], content: `question ${i} from client ${c}: what is the status?` })
  const url = `${serve.url}/v2/job_message`
  await hammer(url, auth, content, clients, 2) // warm-up
  await until(() => !waiting.get())
  const t0 = performance.now()
  let acknowledged = 0
  let answeredByThen = 0
  const threadsBefore = threadCpuMs(serve.child.pid)
  let threadsAfter = threadsBefore
  const ours = await withCpu(serve.child.pid, async () => {
    await hammer(url, auth, content, clients, perClient)
    acknowledged = performance.now() - t0
    answeredByThen = answered.get()!
    await until(() => !waiting.get())
    threadsAfter = threadCpuMs(serve.child.pid)
    return performance.now() - t0
  })
  const shares = threadShares(threadsBefore, threadsAfter, serve.child.pid)
  db.close()
  serve.child.kill('SIGTERM')
  await serve.exited

  const insertFloor = await startFloor(['insert', join(dir, 'floor.sqlite')])
  await hammer(insertFloor.url, {}, content, clients, 2)
  const floor = await withCpu(insertFloor.child.pid, () => hammer(insertFloor.url, {}, content, clients, perClient))
  await stopped(insertFloor.child)

  const answering = await startFloor(['answering', join(dir, 'answering.sqlite'), fake.url])
  const unanswered = async () => ((await (await fetch(answering.url)).json()) as { unanswered: number }).unanswered
  const run = async (n: number) => {
    const t = performance.now()
    await hammer(answering.url, {}, content, clients, n)
    await until(async () => (await unanswered()) === 0)
    return performance.now() - t
  }
  await run(2)
  const answeringRun = await withCpu(answering.child.pid, () => run(perClient))
  await stopped(answering.child)
  await fake.close()
  rmSync(dir, { recursive: true, force: true })

  const requests = clients * perClient
  return {
    clients,
    requests,
    oursPerSec: (requests / ours.value) * 1000,
    acknowledgedPerSec: (requests / acknowledged) * 1000,
    // The warm-up's questions are answered before the clock starts.
    answeredWhenAcknowledged: answeredByThen - clients * 2,
    floorPerSec: (requests / floor.value) * 1000,
    answeringFloorPerSec: (requests / answeringRun.value) * 1000,
    cpuMsPerRequest: { ours: ours.cpuMs / requests, floor: floor.cpuMs / requests, answeringFloor: answeringRun.cpuMs / requests },
    serverCpuMsPerRequest: {
      ours: ours.serverCpuMs / requests,
      floor: floor.serverCpuMs / requests,
      answeringFloor: answeringRun.serverCpuMs / requests
    },
    cores: availableParallelism(),
    nodeThreadsMs: {
      main: shares.main / requests,
      provider: shares.provider / requests,
      gc: shares.gc / requests,
      other: shares.other / requests
    }
  }
}

if (process.argv[1]?.endsWith('throughput.ts')) {
  void benchJobMessageThroughput().then((f) =>
    console.log(
      f,
      `ratio ${(f.oursPerSec / f.floorPerSec).toFixed(2)}x, to the answering floor ${(f.oursPerSec / f.answeringFloorPerSec).toFixed(2)}x`
    )
  )
}
